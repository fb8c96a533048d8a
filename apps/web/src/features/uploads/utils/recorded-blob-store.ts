import type { VideoUploadTarget } from '../types';

/** A recorded take kept in IndexedDB until its upload finished, so a reload resumes it unasked. */
export interface RecordedBlobRecord {
  clientKey: string;
  /** Whose take it is: another person signing in on this browser must not send it. */
  userId: string;
  storyfileId: string;
  storyfileName: string;
  target: VideoUploadTarget;
  filename: string;
  filetype: string;
  blob: Blob;
  uploadUrl: string | null;
  createdAt: number;
}

export interface RecordedBlobStore {
  put(record: RecordedBlobRecord): Promise<void>;
  setUploadUrl(clientKey: string, uploadUrl: string): Promise<void>;
  remove(clientKey: string): Promise<void>;
  list(userId: string): Promise<RecordedBlobRecord[]>;
}

const DATABASE = 'conversa-uploads';
const STORE = 'recorded-videos';
/** The server expires unfinished uploads after a day; a take older than that starts afresh. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

function requestToPromise<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const request = indexedDB.open(DATABASE, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(STORE, { keyPath: 'clientKey' });
  };
  return requestToPromise(request);
}

const NO_STORE: RecordedBlobStore = {
  put: () => Promise.resolve(),
  setUploadUrl: () => Promise.resolve(),
  remove: () => Promise.resolve(),
  list: () => Promise.resolve([]),
};

/** IndexedDB when the browser has it (private modes may refuse it: then takes live in memory only). */
export function createRecordedBlobStore(): RecordedBlobStore {
  if (typeof indexedDB === 'undefined') {
    return NO_STORE;
  }
  let database: Promise<IDBDatabase> | undefined;
  const withStore = async <T>(
    mode: IDBTransactionMode,
    run: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> => {
    database ??= openDatabase();
    const store = (await database).transaction(STORE, mode).objectStore(STORE);
    return requestToPromise(run(store));
  };
  return {
    async put(record) {
      await withStore('readwrite', (store) => store.put(record));
    },
    async setUploadUrl(clientKey, uploadUrl) {
      const record = await withStore<RecordedBlobRecord | undefined>(
        'readonly',
        (store) => store.get(clientKey) as IDBRequest<RecordedBlobRecord | undefined>,
      );
      if (record) {
        await withStore('readwrite', (store) => store.put({ ...record, uploadUrl }));
      }
    },
    async remove(clientKey) {
      await withStore('readwrite', (store) => store.delete(clientKey));
    },
    async list(userId) {
      const records = await withStore(
        'readonly',
        (store) => store.getAll() as IDBRequest<RecordedBlobRecord[]>,
      );
      const now = Date.now();
      const stale = records.filter((record) => now - record.createdAt > MAX_AGE_MS);
      await Promise.all(
        stale.map((record) => withStore('readwrite', (s) => s.delete(record.clientKey))),
      );
      return records
        .filter((record) => record.userId === userId && now - record.createdAt <= MAX_AGE_MS)
        .sort((a, b) => a.createdAt - b.createdAt);
    },
  };
}
