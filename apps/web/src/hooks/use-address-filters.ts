import { useCallback, useMemo } from 'react';
import { useAddressParams, type UpdateAddressParams } from './use-address-params';

/** How a screen's filters are read from and written into the address. */
export type AddressFilterCodec<F extends object> = {
  /** The filters of the address; unknown or malformed values are left out. */
  read: (params: URLSearchParams) => F;
  /** A copy of `params` with the filters written (set ones replace, unset ones are removed). */
  write: (params: URLSearchParams, filters: F) => URLSearchParams;
  /** What "Clear filters" keeps (the chosen storyfile, the sort). */
  keptOnClear?: readonly (keyof F)[];
};

/**
 * A screen's filters kept in the address, so back/forward and a reload restore them. Any change
 * goes back to page 1; other parameters (the list's search, an open conversation) stay. Changes
 * start from the latest address, so a second filter never undoes the first (issue 32).
 */
export function useAddressFilters<F extends object>({
  read,
  write,
  keptOnClear = [],
}: AddressFilterCodec<F>): {
  params: URLSearchParams;
  setParams: UpdateAddressParams;
  filters: F;
  updateFilters: (changes: Partial<F>) => void;
  clearFilters: () => void;
} {
  const [params, setParams] = useAddressParams();
  const filters = useMemo(() => read(params), [read, params]);
  const updateFilters = useCallback(
    (changes: Partial<F>) => {
      setParams((current) => {
        const next = write(current, { ...read(current), ...changes });
        next.delete('page');
        return next;
      });
    },
    [read, write, setParams],
  );
  const keptKey = keptOnClear.join(',');
  const clearFilters = useCallback(() => {
    setParams((current) => {
      const present = read(current);
      const kept = Object.fromEntries(
        keptKey
          .split(',')
          .filter((key) => key !== '' && present[key as keyof F] !== undefined)
          .map((key) => [key, present[key as keyof F]]),
      ) as F;
      const next = write(current, kept);
      next.delete('page');
      return next;
    });
  }, [keptKey, read, write, setParams]);
  return { params, setParams, filters, updateFilters, clearFilters };
}
