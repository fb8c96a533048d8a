import type { VideoUploadEntry } from '../types';

/** Where the uploads the person hid the bar over are kept, so a reload keeps it hidden. */
export const BAR_HIDDEN_STORAGE_KEY = 'conversa.uploadBar.hiddenUploads';

/** The names an upload goes by: its client key in this page, its server id across reloads. */
function getUploadKeys(entry: VideoUploadEntry): string[] {
  return entry.serverUploadId === null
    ? [entry.clientKey]
    : [entry.clientKey, entry.serverUploadId];
}

/** What to keep when the person hides the bar: every upload it stands for now. */
export function listHiddenUploadKeys(entries: readonly VideoUploadEntry[]): string[] {
  return entries.flatMap(getUploadKeys);
}

/**
 * Hidden stays hidden until a new upload starts (issue 32: the bar came back after "Hide the
 * upload bar" and after each reload): the bar shows again only for an upload it was not hidden over.
 */
export function isBarHidden(
  entries: readonly VideoUploadEntry[],
  hiddenKeys: ReadonlySet<string>,
): boolean {
  return (
    hiddenKeys.size > 0 &&
    entries.every((entry) => getUploadKeys(entry).some((key) => hiddenKeys.has(key)))
  );
}

export function readHiddenUploadKeys(storage: Pick<Storage, 'getItem'>): Set<string> {
  try {
    const parsed = JSON.parse(storage.getItem(BAR_HIDDEN_STORAGE_KEY) ?? '[]') as unknown;
    if (Array.isArray(parsed)) {
      return new Set(parsed.filter((key): key is string => typeof key === 'string'));
    }
  } catch {
    // A damaged value shows the bar.
  }
  return new Set();
}

export function saveHiddenUploadKeys(storage: Pick<Storage, 'setItem'>, keys: readonly string[]) {
  try {
    storage.setItem(BAR_HIDDEN_STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // Not kept when storage is refused; the bar is hidden for this page.
  }
}

/** Where the failures the person has seen (status dialog opened, or dismissed) are kept. */
export const BAR_SEEN_FAILURES_STORAGE_KEY = 'conversa.uploadBar.seenFailures';

/** The names of the failed uploads now on the page: they are seen once the dialog shows them. */
export function listFailedUploadKeys(entries: readonly VideoUploadEntry[]): string[] {
  return entries.filter((entry) => entry.phase === 'failed').flatMap(getUploadKeys);
}

/** Whether the person has seen this failure, in this page or (by its server id) before a reload. */
export function isFailureSeen(entry: VideoUploadEntry, seenKeys: ReadonlySet<string>): boolean {
  return getUploadKeys(entry).some((key) => seenKeys.has(key));
}

export function readSeenFailureKeys(storage: Pick<Storage, 'getItem'>): Set<string> {
  try {
    const parsed = JSON.parse(storage.getItem(BAR_SEEN_FAILURES_STORAGE_KEY) ?? '[]') as unknown;
    if (Array.isArray(parsed)) {
      return new Set(parsed.filter((key): key is string => typeof key === 'string'));
    }
  } catch {
    // A damaged value shows the failures again.
  }
  return new Set();
}

export function saveSeenFailureKeys(storage: Pick<Storage, 'setItem'>, keys: readonly string[]) {
  try {
    storage.setItem(BAR_SEEN_FAILURES_STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // Not kept when storage is refused; seen for this page.
  }
}

/** Fired when failures were marked seen, so a bar already on the page leaves them out. */
export const FAILURES_SEEN_EVENT = 'conversa:upload-failures-seen';

/** Marks the failed uploads now on the page as seen, kept across reloads; answers the keys kept. */
export function markFailuresSeen(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  entries: readonly VideoUploadEntry[],
): Set<string> {
  const keys = new Set([...readSeenFailureKeys(storage), ...listFailedUploadKeys(entries)]);
  saveSeenFailureKeys(storage, [...keys]);
  window.dispatchEvent(new Event(FAILURES_SEEN_EVENT));
  return keys;
}
