import type { VideoUploadEntry } from '../types';
import { buildTusUploadOptions, pickNewestPreviousUpload } from './tus-upload-options';
import type { TusUploadLike, UploadEngineDeps, UploadRuntime } from './upload-engine-deps';
import { getUploadErrorStatus } from './upload-error';

/** What the tus upload of one file tells the engine, only while it is the upload's current one. */
export type TusUploadEvents = {
  onUrlKnown: (uploadUrl: string, serverUploadId: string) => void;
  onProgress: (bytesSent: number, bytesTotal: number) => void;
  /** Every byte is in; the runtime no longer holds the tus upload. */
  onSuccess: () => void;
  /** Tus gave up; the runtime no longer holds the tus upload. */
  onError: (error: Error) => void;
};

type StartTusUploadInput = {
  deps: UploadEngineDeps & { chunkSize: number };
  entry: VideoUploadEntry;
  file: Blob;
  runtime: UploadRuntime;
  /** The upload's runtime as the engine holds it now (none once the upload was removed). */
  readRuntime: () => UploadRuntime | undefined;
  events: TusUploadEvents;
};

/**
 * Starts the tus upload of one file into `runtime.tus`. A file picked again continues the newest
 * earlier upload of the same file and target. A pause or cancel replaces `runtime.tus`, and from
 * then on the old upload's callbacks are ignored.
 */
export function startTusUpload({
  deps,
  entry,
  file,
  runtime,
  readRuntime,
  events,
}: StartTusUploadInput): void {
  let tus: TusUploadLike | null = null;
  const isCurrent = () => readRuntime()?.tus === tus && tus !== null;
  const options = buildTusUploadOptions({
    deps,
    chunkSize: deps.chunkSize,
    entry,
    isRecorded: runtime.isRecorded,
    handlers: {
      readUploadUrl: () => (isCurrent() ? (tus?.url ?? null) : null),
      onUrlKnown: events.onUrlKnown,
      onProgress: (bytesSent, bytesTotal) => {
        if (isCurrent()) {
          events.onProgress(bytesSent, bytesTotal);
        }
      },
      onSuccess: () => {
        if (isCurrent()) {
          runtime.tus = null;
          events.onSuccess();
        }
      },
      onError: (error) => {
        if (isCurrent()) {
          runtime.tus = null;
          runtime.failedOffline = getUploadErrorStatus(error) === 0;
          events.onError(error);
        }
      },
    },
  });
  tus = deps.createUpload(file, options);
  runtime.tus = tus;
  const begin = async () => {
    if (entry.uploadUrl === null && !runtime.isRecorded && tus !== null) {
      const previous = await tus.findPreviousUploads().catch(() => []);
      const newest = pickNewestPreviousUpload(previous);
      if (newest && isCurrent()) {
        tus.resumeFromPreviousUpload(newest);
      }
    }
    if (isCurrent()) {
      tus?.start();
    }
  };
  void begin();
}

/**
 * Stops an upload and deletes it on the server: through tus when it knows the upload's URL,
 * else with a termination request for the URL the entry kept. Never throws: an upload gone
 * already, or one the network cannot reach, expires on the server.
 */
export async function terminateTusUpload(
  tus: TusUploadLike | null,
  uploadUrl: string | null,
  deps: Pick<UploadEngineDeps, 'terminateUpload' | 'headers'>,
): Promise<void> {
  try {
    if (tus && tus.url !== null) {
      await tus.abort(true);
    } else {
      await tus?.abort(false);
      if (uploadUrl !== null) {
        await deps.terminateUpload(uploadUrl, { headers: deps.headers });
      }
    }
  } catch {
    // Gone already, or the network is down: the server expires it.
  }
}
