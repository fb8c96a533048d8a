/** Failed uploads the person removed from the dialog; the list call would bring them back. */
const DISMISSED_STORAGE_KEY = 'conversa.uploads.dismissed';

type DismissedStorage = Pick<Storage, 'getItem' | 'setItem'> | undefined;

export function readDismissedUploads(storage: DismissedStorage): Set<string> {
  try {
    const stored = JSON.parse(storage?.getItem(DISMISSED_STORAGE_KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function rememberDismissedUpload(storage: DismissedStorage, uploadId: string): void {
  // Uploads older than a day leave the server's list, so the last hundred are plenty.
  const ids = [...readDismissedUploads(storage), uploadId].slice(-100);
  try {
    storage?.setItem(DISMISSED_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or refused: the upload may show again after a reload.
  }
}
