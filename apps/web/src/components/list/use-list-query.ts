import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useAddressParams } from '@/hooks/use-address-params';
import { getPageSize, PAGE_SIZE_STORAGE_KEY, setPageSize } from '@/lib/recent-activity';
import { readListQuery, writeListQuery, type ListQuery } from '@/lib/search-box';

/**
 * The list state kept in the address (spec §2 Query parameters): search, searchOptions and the
 * one-based page. Other query parameters (e.g. `tab`) are left as they are.
 */
export function useListQuery(): [
  ListQuery,
  (changes: Partial<ListQuery>, options?: { replace: boolean }) => void,
] {
  const [params, setParams] = useAddressParams();
  const query = useMemo(() => readListQuery(params), [params]);
  const update = useCallback(
    (changes: Partial<ListQuery>, options?: { replace: boolean }) => {
      setParams(
        (current) => writeListQuery(current, { ...readListQuery(current), ...changes }),
        options,
      );
    },
    [setParams],
  );
  return [query, update];
}

const PAGE_SIZE_EVENT = 'conversa:page-size';

function subscribePageSize(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === PAGE_SIZE_STORAGE_KEY) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(PAGE_SIZE_EVENT, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(PAGE_SIZE_EVENT, listener);
  };
}

/** Rows per page, shared by every list and kept in local storage (default 30, spec §9). */
export function usePageSize(): [number, (pageSize: number) => void] {
  const pageSize = useSyncExternalStore(subscribePageSize, () => getPageSize(localStorage));
  const update = useCallback((next: number) => {
    setPageSize(localStorage, next);
    window.dispatchEvent(new Event(PAGE_SIZE_EVENT));
  }, []);
  return [pageSize, update];
}
