import { VIDEO_UPLOAD_CHUNK_BYTES, type UploadSummary } from '@conversa/contracts';
import { getTargetKey, type StartVideoUploadInput } from '../types';
import { canRetryProcessing } from './can-retry-processing';
import { readDismissedUploads, rememberDismissedUpload } from './dismissed-uploads';
import { planRestore } from './restore-plan';
import { pollUntilProcessed, waitFor } from './status-polling';
import { startTusUpload, terminateTusUpload } from './tus-upload';
import {
  createClientKey,
  createEntryFromRecord,
  createEntryFromSummary,
  createQueuedEntry,
  createRecordedBlobRecord,
  resetForNewUpload,
} from './upload-entries';
import {
  createUploadRuntime,
  type UploadEngineDeps,
  type UploadRuntime,
} from './upload-engine-deps';
import { describeUploadError } from './upload-error';
import { UploadEntryStore } from './upload-entry-store';
import { transitionUpload } from './upload-state';

export const WRONG_FILE_MESSAGE =
  'This is not the same file (its size differs). Select the file you were uploading.';

/**
 * Runs the studio's video uploads outside React, so they survive navigation: tus uploads with
 * retries and resumption, a small queue, the status polling of spec §4, and the restore after a
 * reload (recorded takes from IndexedDB, everything else from the server's list of uploads).
 * React reads it through `subscribe`/`getSnapshot`.
 */
export class VideoUploadEngine {
  private readonly store = new UploadEntryStore();
  private readonly runtimes = new Map<string, UploadRuntime>();
  private hasRestored = false;
  private isDisposed = false;
  private disposeTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly deps: Required<Pick<UploadEngineDeps, 'wait' | 'maxParallel' | 'chunkSize'>> &
    UploadEngineDeps;

  constructor(deps: UploadEngineDeps) {
    this.deps = {
      wait: waitFor,
      maxParallel: 2,
      chunkSize: VIDEO_UPLOAD_CHUNK_BYTES,
      ...deps,
    };
  }

  subscribe = this.store.subscribe;

  getSnapshot = this.store.getSnapshot;

  /** Whether the engine holds the bytes of this upload (a File or a recorded Blob). */
  hasFile(clientKey: string): boolean {
    return (this.runtimes.get(clientKey)?.file ?? null) !== null;
  }

  /** Queues a new upload; answers its client key. */
  start(input: StartVideoUploadInput): string {
    const targetKey = getTargetKey(input.target);
    const sameTarget = this.store
      .getSnapshot()
      .filter(
        (entry) =>
          entry.storyfileId === input.storyfileId && getTargetKey(entry.target) === targetKey,
      );
    // Picking the file again for an upload a reload interrupted resumes that upload.
    const waiting = sameTarget.find(
      (entry) => entry.needsFile && entry.isResumable && entry.sizeBytes === input.file.size,
    );
    if (waiting && this.provideFile(waiting.clientKey, input.file) === null) {
      return waiting.clientKey;
    }
    for (const entry of sameTarget) {
      if (entry.phase === 'ready' || entry.phase === 'failed') {
        this.remove(entry.clientKey);
      }
    }
    const clientKey = createClientKey();
    const entry = createQueuedEntry(clientKey, input);
    const isRecorded = typeof File === 'undefined' || !(input.file instanceof File);
    this.runtimes.set(clientKey, createUploadRuntime(input.file, isRecorded));
    if (isRecorded) {
      this.deps.blobStore
        .put(createRecordedBlobRecord(clientKey, this.deps.userId, input))
        .catch(() => undefined);
    }
    this.store.append([entry]);
    this.pump();
    return clientKey;
  }

  pause(clientKey: string): void {
    const entry = this.store.find(clientKey);
    if (!entry || (entry.phase !== 'uploading' && entry.phase !== 'queued')) {
      return;
    }
    const runtime = this.runtimes.get(clientKey);
    const tus = runtime?.tus;
    if (runtime) {
      runtime.tus = null;
    }
    void tus?.abort(false);
    this.store.dispatch(clientKey, { type: 'paused' });
    this.pump();
  }

  resume(clientKey: string): void {
    const entry = this.store.find(clientKey);
    if (entry?.phase === 'paused' && !entry.needsFile && this.hasFile(clientKey)) {
      this.store.dispatch(clientKey, { type: 'queued' });
      this.pump();
    }
  }

  /** Starts a failed upload again: resumes it when its bytes were not all in, else uploads anew. */
  retry(clientKey: string): void {
    const entry = this.store.find(clientKey);
    if (entry?.phase !== 'failed' || !this.hasFile(clientKey)) {
      return;
    }
    if (!entry.isResumable) {
      this.store.replace(clientKey, resetForNewUpload(entry));
    }
    this.store.dispatch(clientKey, { type: 'queued' });
    this.pump();
  }

  /**
   * "Try again" on a video whose bytes are in but whose processing failed on the studio's side
   * (`canRetryProcessing`): the studio processes the bytes it holds again, no file needed. A
   * refusal shows the studio's message.
   */
  async retryProcessing(clientKey: string): Promise<void> {
    const entry = this.store.find(clientKey);
    if (!entry || !canRetryProcessing(entry)) {
      return;
    }
    try {
      await this.deps.retryProcessing(entry.serverUploadId!);
    } catch (error) {
      this.store.dispatch(clientKey, {
        type: 'uploadFailed',
        error: error instanceof Error ? error.message : String(error),
        isResumable: false,
      });
      return;
    }
    this.store.dispatch(clientKey, { type: 'bytesIn' });
    this.startPolling(clientKey);
  }

  /**
   * The bytes of an upload the engine lost (a reload): the same file continues it from the
   * server's offset. Answers an error message when the file cannot be the same one.
   */
  provideFile(clientKey: string, file: Blob): string | null {
    const entry = this.store.find(clientKey);
    if (!entry) {
      return null;
    }
    if (entry.isResumable && entry.sizeBytes !== null && entry.sizeBytes !== file.size) {
      return WRONG_FILE_MESSAGE;
    }
    const runtime = this.runtimes.get(clientKey);
    if (runtime) {
      runtime.file = file;
    } else {
      this.runtimes.set(clientKey, createUploadRuntime(file, false));
    }
    const base = entry.isResumable
      ? { ...entry, needsFile: false }
      : { ...resetForNewUpload(entry), sizeBytes: file.size };
    this.store.replace(clientKey, transitionUpload(base, { type: 'queued' }));
    this.pump();
    return null;
  }

  /** Stops an upload and deletes it on the server (tus termination). */
  async cancel(clientKey: string): Promise<void> {
    const entry = this.store.find(clientKey);
    if (!entry || entry.phase === 'processing' || entry.phase === 'ready') {
      return;
    }
    const runtime = this.runtimes.get(clientKey);
    const tus = runtime?.tus ?? null;
    if (runtime) {
      runtime.tus = null;
    }
    this.remove(clientKey);
    await terminateTusUpload(tus, entry.uploadUrl, this.deps);
    this.deps.onSettled(entry.storyfileId);
  }

  /** Removes a finished or failed upload from the list (a failed unfinished one is deleted too). */
  dismiss(clientKey: string): void {
    const entry = this.store.find(clientKey);
    if (!entry || (entry.phase !== 'ready' && entry.phase !== 'failed')) {
      return;
    }
    if (entry.serverUploadId !== null) {
      rememberDismissedUpload(this.deps.storage, entry.serverUploadId);
    }
    this.remove(clientKey);
    if (entry.phase === 'failed' && entry.isResumable && entry.uploadUrl !== null) {
      this.deps
        .terminateUpload(entry.uploadUrl, { headers: this.deps.headers })
        .catch(() => undefined);
    }
  }

  /** Clears every processed upload from the bar and dialog. */
  clearFinished(): void {
    for (const entry of this.store.getSnapshot()) {
      if (entry.phase === 'ready') {
        this.dismiss(entry.clientKey);
      }
    }
  }

  /** After the connection came back: uploads that failed for want of it go on by themselves. */
  retryOffline(): void {
    for (const [clientKey, runtime] of this.runtimes) {
      if (runtime.failedOffline) {
        runtime.failedOffline = false;
        this.retry(clientKey);
      }
    }
  }

  /**
   * After a page load: recorded takes from IndexedDB resume by themselves; uploads the server
   * still knows (last 24 hours) come back into the dialog, processing ones polled again,
   * unfinished files waiting to be selected again.
   */
  async restore(): Promise<void> {
    if (this.hasRestored) {
      return;
    }
    this.hasRestored = true;
    const records = await this.deps.blobStore.list(this.deps.userId).catch(() => []);
    for (const record of records) {
      this.runtimes.set(record.clientKey, createUploadRuntime(record.blob, true));
      this.store.append([createEntryFromRecord(record)]);
    }
    this.pump();
    let uploads: UploadSummary[];
    try {
      uploads = await this.deps.listRecent();
    } catch {
      return;
    }
    if (this.isDisposed) {
      return;
    }
    const entries = this.store.getSnapshot();
    const plan = planRestore(entries, uploads, readDismissedUploads(this.deps.storage));
    if (plan.entries !== entries) {
      this.store.set(plan.entries);
    }
    if (plan.toRestore.length === 0) {
      return;
    }
    const restored = plan.toRestore.map(({ upload, target }) =>
      createEntryFromSummary(createClientKey(), upload, target, this.deps.endpoint),
    );
    this.store.append(restored);
    for (const entry of restored) {
      if (entry.phase === 'processing') {
        this.startPolling(entry.clientKey);
      }
    }
  }

  /**
   * Starts the engine for a mounted provider; the answer stops it. The stop waits a tick, so
   * React's development double mount (mount, unmount, mount) keeps one live engine while a real
   * unmount (sign-out) stops every upload.
   */
  activate(): () => void {
    if (this.disposeTimer !== null) {
      clearTimeout(this.disposeTimer);
      this.disposeTimer = null;
    }
    void this.restore();
    return () => {
      this.disposeTimer = setTimeout(() => this.dispose(), 0);
    };
  }

  dispose(): void {
    this.isDisposed = true;
    for (const runtime of this.runtimes.values()) {
      void runtime.tus?.abort(false);
      runtime.polling?.abort();
    }
    this.store.clearListeners();
  }

  private pump(): void {
    if (this.isDisposed) {
      return;
    }
    let running = this.store.getSnapshot().filter((entry) => entry.phase === 'uploading').length;
    for (const entry of this.store.getSnapshot()) {
      if (running >= this.deps.maxParallel) {
        return;
      }
      if (entry.phase === 'queued' && this.hasFile(entry.clientKey)) {
        running += 1;
        this.launch(entry.clientKey);
      }
    }
  }

  private launch(clientKey: string): void {
    const runtime = this.runtimes.get(clientKey);
    const entry = this.store.dispatch(clientKey, { type: 'started' });
    if (!runtime?.file || !entry) {
      return;
    }
    startTusUpload({
      deps: this.deps,
      entry,
      file: runtime.file,
      runtime,
      readRuntime: () => this.runtimes.get(clientKey),
      events: {
        onUrlKnown: (uploadUrl, serverUploadId) => {
          this.store.dispatch(clientKey, { type: 'urlKnown', uploadUrl, serverUploadId });
          if (runtime.isRecorded) {
            this.deps.blobStore.setUploadUrl(clientKey, uploadUrl).catch(() => undefined);
          }
        },
        onProgress: (uploadedBytes, totalBytes) => {
          this.store.dispatch(clientKey, { type: 'progressed', uploadedBytes, totalBytes });
        },
        onSuccess: () => {
          if (runtime.isRecorded) {
            this.deps.blobStore.remove(clientKey).catch(() => undefined);
          }
          this.store.dispatch(clientKey, { type: 'bytesIn' });
          this.deps.onSettled(entry.storyfileId);
          this.startPolling(clientKey);
          this.pump();
        },
        onError: (error) => {
          this.store.dispatch(clientKey, {
            type: 'uploadFailed',
            error: describeUploadError(error),
            isResumable: true,
          });
          this.pump();
        },
      },
    });
  }

  private startPolling(clientKey: string): void {
    const runtime = this.runtimes.get(clientKey) ?? createUploadRuntime(null, false);
    this.runtimes.set(clientKey, runtime);
    runtime.polling?.abort();
    const controller = new AbortController();
    runtime.polling = controller;
    void pollUntilProcessed({
      signal: controller.signal,
      wait: this.deps.wait,
      fetchStatus: this.deps.fetchStatus,
      readEntry: () => this.store.find(clientKey),
      isStopped: () => this.isDisposed,
      report: (answer) =>
        this.store.dispatch(clientKey, {
          type: 'polled',
          status: answer?.status ?? null,
          error: answer?.error ?? null,
        }),
      onSettled: (entry) => {
        runtime.polling = null;
        this.deps.onSettled(entry.storyfileId);
      },
    });
  }

  private remove(clientKey: string): void {
    const runtime = this.runtimes.get(clientKey);
    runtime?.polling?.abort();
    if (runtime?.isRecorded) {
      this.deps.blobStore.remove(clientKey).catch(() => undefined);
    }
    this.runtimes.delete(clientKey);
    this.store.delete(clientKey);
  }
}
