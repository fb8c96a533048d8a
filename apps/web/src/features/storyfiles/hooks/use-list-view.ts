import { useCallback, useSyncExternalStore } from 'react';
import {
  getListView,
  LIST_VIEW_STORAGE_KEY,
  setListView,
  type ListView,
} from '@/lib/recent-activity';

const LIST_VIEW_EVENT = 'conversa:list-view';

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === LIST_VIEW_STORAGE_KEY) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(LIST_VIEW_EVENT, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(LIST_VIEW_EVENT, listener);
  };
}

/** Grid or list, kept in local storage (spec §3 "list view") and shared across tabs. */
export function useListView(): [ListView, (view: ListView) => void] {
  const view = useSyncExternalStore(subscribe, () => getListView(localStorage));
  const update = useCallback((next: ListView) => {
    setListView(localStorage, next);
    window.dispatchEvent(new Event(LIST_VIEW_EVENT));
  }, []);
  return [view, update];
}
