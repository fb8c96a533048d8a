import type { UploadStatus, UploadSummary } from '@conversa/contracts';
import type { PreviousUpload, UploadOptions } from 'tus-js-client';
import type { RecordedBlobStore } from './recorded-blob-store';

/** The part of tus-js-client's Upload the engine uses (tests pass a fake). */
export interface TusUploadLike {
  url: string | null;
  start(): void;
  abort(shouldTerminate?: boolean): Promise<void>;
  findPreviousUploads(): Promise<PreviousUpload[]>;
  resumeFromPreviousUpload(previous: PreviousUpload): void;
}

export interface UploadEngineDeps {
  userId: string;
  /** Absolute URL of the tus endpoint (tus resolves upload URLs against it). */
  endpoint: string;
  headers: Record<string, string>;
  createUpload: (file: Blob, options: UploadOptions) => TusUploadLike;
  terminateUpload: (url: string, options: UploadOptions) => Promise<void>;
  fetchStatus: (uploadId: string) => Promise<UploadStatus | null>;
  /** Processing again of a video whose processing failed on the studio's side. */
  retryProcessing: (uploadId: string) => Promise<UploadStatus>;
  listRecent: () => Promise<UploadSummary[]>;
  blobStore: RecordedBlobStore;
  /** A video of the storyfile was processed, failed, or its bytes arrived: refresh what shows it. */
  onSettled: (storyfileId: string) => void;
  beforeRequest: () => Promise<void>;
  /** Called on a 401 from the tus endpoint; the retry then carries the fresh session. */
  refreshSession: () => Promise<boolean>;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  maxParallel?: number;
  chunkSize?: number;
}

/** What the engine holds of an upload outside its entry: the bytes and what is running. */
export type UploadRuntime = {
  file: Blob | null;
  tus: TusUploadLike | null;
  isRecorded: boolean;
  polling: AbortController | null;
  failedOffline: boolean;
};

export function createUploadRuntime(file: Blob | null, isRecorded: boolean): UploadRuntime {
  return { file, tus: null, isRecorded, polling: null, failedOffline: false };
}
