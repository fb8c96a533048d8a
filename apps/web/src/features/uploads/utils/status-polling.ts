import type { UploadStatus } from '@conversa/contracts';
import type { VideoUploadEntry } from '../types';
import { getPollDelayMs } from './upload-state';

/** Waits `ms`, or less when the signal aborts first. */
export function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

type PollInput = {
  signal: AbortSignal;
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
  fetchStatus: (uploadId: string) => Promise<UploadStatus | null>;
  /** The upload as it stands now (it may have been removed meanwhile). */
  readEntry: () => VideoUploadEntry | undefined;
  isStopped: () => boolean;
  /** Feeds one answer to the upload's state; answers the upload after it. */
  report: (answer: UploadStatus | null) => VideoUploadEntry | undefined;
  /** The processing ended (ready or failed). */
  onSettled: (entry: VideoUploadEntry) => void;
};

/** Polls the status of a processing upload (spec §4) until it is ready, failed or stopped. */
export async function pollUntilProcessed(input: PollInput): Promise<void> {
  const isAborted = () => input.signal.aborted || input.isStopped();
  for (;;) {
    const entry = input.readEntry();
    if (!entry || entry.phase !== 'processing' || entry.serverUploadId === null) {
      return;
    }
    await input.wait(getPollDelayMs(entry.pollsMade), input.signal);
    if (isAborted()) {
      return;
    }
    const answer = await input.fetchStatus(entry.serverUploadId).catch(() => null);
    if (isAborted()) {
      return;
    }
    const next = input.report(answer);
    if (next?.phase !== 'processing') {
      input.onSettled(entry);
      return;
    }
  }
}
