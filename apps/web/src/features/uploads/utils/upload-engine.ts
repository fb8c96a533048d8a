import {
  buildVideoUploadMetadata,
  CLIP_KIND_LABELS,
  getUploadIdFromUrl,
  UPLOAD_RETRY_DELAYS_MS,
  VIDEO_PROCESSING_MESSAGES,
  VIDEO_UPLOAD_CHUNK_BYTES,
  type UploadStatus,
  type UploadSummary,
} from '@conversa/contracts';
import type { DetailedError, PreviousUpload, UploadOptions } from 'tus-js-client';
import {
  getTargetKey,
  getTrackingNames,
  type StartVideoUploadInput,
  type VideoUploadEntry,
  type VideoUploadTarget,
} from '../types';
import type { RecordedBlobRecord, RecordedBlobStore } from './recorded-blob-store';
import {
  getPollDelayMs,
  getUploadPercentage,
  transitionUpload,
  type UploadEvent,
} from './upload-state';

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

type Runtime = {
  file: Blob | null;
  tus: TusUploadLike | null;
  isRecorded: boolean;
  polling: AbortController | null;
  failedOffline: boolean;
};

/** Failed uploads the person removed from the dialog; the list call would bring them back. */
const DISMISSED_STORAGE_KEY = 'conversa.uploads.dismissed';
const NETWORK_FAILURE_MESSAGE =
  'The connection to the studio was lost. Retry to continue from where the upload stopped.';
export const WRONG_FILE_MESSAGE =
  'This is not the same file (its size differs). Select the file you were uploading.';

/**
 * Whether "Try again" applies: the studio holds every byte and its processing failed on the
 * studio's side (not a file it refused, a cancel or an expiry).
 */
export function canRetryProcessing(entry: VideoUploadEntry): boolean {
  return (
    entry.phase === 'failed' &&
    entry.serverUploadId !== null &&
    entry.error === VIDEO_PROCESSING_MESSAGES.failed
  );
}

function waitFor(ms: number, signal: AbortSignal): Promise<void> {
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

function toContractTarget(target: VideoUploadTarget) {
  return target.kind === 'question'
    ? { questionId: target.questionId }
    : { clipKind: target.clipKind };
}

function getStatusOf(error: Error): number {
  return (error as Partial<DetailedError>).originalResponse?.getStatus() ?? 0;
}

/** The server's reason (the tus endpoint answers refusals with plain text), or a plain message. */
export function describeUploadError(error: Error): string {
  const response = (error as Partial<DetailedError>).originalResponse;
  const body = response?.getBody()?.trim();
  if (body) {
    return body;
  }
  return response
    ? `The upload was refused (HTTP ${response.getStatus()}).`
    : NETWORK_FAILURE_MESSAGE;
}

function targetOfSummary(upload: UploadSummary): VideoUploadTarget | null {
  if (upload.questionId !== null) {
    return {
      kind: 'question',
      questionId: upload.questionId,
      topicName: upload.topicName ?? '',
      questionText: upload.questionText ?? '',
    };
  }
  if (upload.clipKind !== null) {
    return { kind: 'clip', clipKind: upload.clipKind, label: CLIP_KIND_LABELS[upload.clipKind] };
  }
  return null;
}

let nextLocalId = 0;
function createClientKey(): string {
  nextLocalId += 1;
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? `local-${crypto.randomUUID()}`
    : `local-${Date.now()}-${nextLocalId}`;
}

/**
 * Runs the studio's video uploads outside React, so they survive navigation: tus uploads with
 * retries and resumption, a small queue, the status polling of spec §4, and the restore after a
 * reload (recorded takes from IndexedDB, everything else from the server's list of uploads).
 * React reads it through `subscribe`/`getSnapshot`.
 */
export class VideoUploadEngine {
  private entries: readonly VideoUploadEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly runtimes = new Map<string, Runtime>();
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

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly VideoUploadEntry[] => this.entries;

  /** Whether the engine holds the bytes of this upload (a File or a recorded Blob). */
  hasFile(clientKey: string): boolean {
    return (this.runtimes.get(clientKey)?.file ?? null) !== null;
  }

  /** Queues a new upload; answers its client key. */
  start(input: StartVideoUploadInput): string {
    const targetKey = getTargetKey(input.target);
    const sameTarget = this.entries.filter(
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
    const names = getTrackingNames(input.target);
    const entry: VideoUploadEntry = {
      id: clientKey,
      clientKey,
      storyfileId: input.storyfileId,
      storyfileName: input.storyfileName,
      target: input.target,
      ...names,
      percentage: 0,
      uploadStatus: null,
      phase: 'queued',
      error: null,
      serverUploadId: null,
      uploadUrl: null,
      filename: input.filename,
      filetype: input.filetype,
      sizeBytes: input.file.size,
      uploadedBytes: 0,
      pollsMade: 0,
      needsFile: false,
      isResumable: true,
    };
    const isRecorded = typeof File === 'undefined' || !(input.file instanceof File);
    this.runtimes.set(clientKey, {
      file: input.file,
      tus: null,
      isRecorded,
      polling: null,
      failedOffline: false,
    });
    if (isRecorded) {
      this.deps.blobStore
        .put({
          clientKey,
          userId: this.deps.userId,
          storyfileId: input.storyfileId,
          storyfileName: input.storyfileName,
          target: input.target,
          filename: input.filename,
          filetype: input.filetype,
          blob: input.file,
          uploadUrl: null,
          createdAt: Date.now(),
        })
        .catch(() => undefined);
    }
    this.setEntries([...this.entries, entry]);
    this.pump();
    return clientKey;
  }

  pause(clientKey: string): void {
    const entry = this.find(clientKey);
    if (!entry || (entry.phase !== 'uploading' && entry.phase !== 'queued')) {
      return;
    }
    const runtime = this.runtimes.get(clientKey);
    const tus = runtime?.tus;
    if (runtime) {
      runtime.tus = null;
    }
    void tus?.abort(false);
    this.dispatch(clientKey, { type: 'paused' });
    this.pump();
  }

  resume(clientKey: string): void {
    const entry = this.find(clientKey);
    if (entry?.phase === 'paused' && !entry.needsFile && this.hasFile(clientKey)) {
      this.dispatch(clientKey, { type: 'queued' });
      this.pump();
    }
  }

  /** Starts a failed upload again: resumes it when its bytes were not all in, else uploads anew. */
  retry(clientKey: string): void {
    const entry = this.find(clientKey);
    if (entry?.phase !== 'failed' || !this.hasFile(clientKey)) {
      return;
    }
    if (!entry.isResumable) {
      this.replaceEntry(clientKey, this.resetForNewUpload(entry));
    }
    this.dispatch(clientKey, { type: 'queued' });
    this.pump();
  }

  /**
   * "Try again" on a video whose bytes are in but whose processing failed on the studio's side
   * (`canRetryProcessing`): the studio processes the bytes it holds again, no file needed. A
   * refusal shows the studio's message.
   */
  async retryProcessing(clientKey: string): Promise<void> {
    const entry = this.find(clientKey);
    if (!entry || !canRetryProcessing(entry)) {
      return;
    }
    try {
      await this.deps.retryProcessing(entry.serverUploadId!);
    } catch (error) {
      this.dispatch(clientKey, {
        type: 'uploadFailed',
        error: error instanceof Error ? error.message : String(error),
        isResumable: false,
      });
      return;
    }
    this.dispatch(clientKey, { type: 'bytesIn' });
    this.startPolling(clientKey);
  }

  /**
   * The bytes of an upload the engine lost (a reload): the same file continues it from the
   * server's offset. Answers an error message when the file cannot be the same one.
   */
  provideFile(clientKey: string, file: Blob): string | null {
    const entry = this.find(clientKey);
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
      this.runtimes.set(clientKey, {
        file,
        tus: null,
        isRecorded: false,
        polling: null,
        failedOffline: false,
      });
    }
    const base = entry.isResumable
      ? { ...entry, needsFile: false }
      : { ...this.resetForNewUpload(entry), sizeBytes: file.size };
    this.replaceEntry(clientKey, transitionUpload(base, { type: 'queued' }));
    this.pump();
    return null;
  }

  /** Stops an upload and deletes it on the server (tus termination). */
  async cancel(clientKey: string): Promise<void> {
    const entry = this.find(clientKey);
    if (!entry || entry.phase === 'processing' || entry.phase === 'ready') {
      return;
    }
    const runtime = this.runtimes.get(clientKey);
    const tus = runtime?.tus ?? null;
    if (runtime) {
      runtime.tus = null;
    }
    this.remove(clientKey);
    try {
      if (tus && tus.url !== null) {
        await tus.abort(true);
      } else {
        await tus?.abort(false);
        if (entry.uploadUrl !== null) {
          await this.deps.terminateUpload(entry.uploadUrl, { headers: this.deps.headers });
        }
      }
    } catch {
      // Gone already, or the network is down: the server expires it.
    }
    this.deps.onSettled(entry.storyfileId);
  }

  /** Removes a finished or failed upload from the list (a failed unfinished one is deleted too). */
  dismiss(clientKey: string): void {
    const entry = this.find(clientKey);
    if (!entry || (entry.phase !== 'ready' && entry.phase !== 'failed')) {
      return;
    }
    if (entry.serverUploadId !== null) {
      this.rememberDismissed(entry.serverUploadId);
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
    for (const entry of this.entries) {
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
      this.restoreRecorded(record);
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
    const dismissed = this.readDismissed();
    const newestPerTarget = new Set<string>();
    const restored: VideoUploadEntry[] = [];
    for (const upload of uploads) {
      const target = targetOfSummary(upload);
      if (upload.kind === 'avatar' || upload.storyfileId === null || target === null) {
        continue;
      }
      const slot = `${upload.storyfileId}|${getTargetKey(target)}`;
      const isNewest = !newestPerTarget.has(slot);
      newestPerTarget.add(slot);
      const known = this.entries.find((entry) => entry.serverUploadId === upload.id);
      if (known) {
        if (known.uploadedBytes === 0 && upload.uploadedBytes !== null) {
          this.replaceEntry(known.clientKey, {
            ...known,
            uploadedBytes: upload.uploadedBytes,
            percentage: getUploadPercentage(upload.uploadedBytes, known.sizeBytes),
          });
        }
        continue;
      }
      if (
        !isNewest ||
        dismissed.has(upload.id) ||
        upload.phase === 'ready' ||
        upload.phase === 'cancelled' ||
        this.entries.some(
          (entry) =>
            entry.storyfileId === upload.storyfileId &&
            getTargetKey(entry.target) === getTargetKey(target),
        )
      ) {
        continue;
      }
      restored.push(this.entryFromSummary(upload, target));
    }
    if (restored.length === 0) {
      return;
    }
    this.setEntries([...this.entries, ...restored]);
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
    this.listeners.clear();
  }

  private entryFromSummary(upload: UploadSummary, target: VideoUploadTarget): VideoUploadEntry {
    const clientKey = createClientKey();
    const sizeBytes = upload.sizeBytes;
    const uploadedBytes = upload.uploadedBytes ?? 0;
    const base: VideoUploadEntry = {
      id: upload.id,
      clientKey,
      storyfileId: upload.storyfileId ?? '',
      storyfileName: upload.storyfileName ?? '',
      target,
      ...getTrackingNames(target),
      percentage: getUploadPercentage(uploadedBytes, sizeBytes),
      uploadStatus: null,
      phase: 'paused',
      error: null,
      serverUploadId: upload.id,
      uploadUrl: new URL(encodeURIComponent(upload.id), this.deps.endpoint).toString(),
      filename: upload.filename ?? 'video',
      filetype: upload.filetype ?? '',
      sizeBytes,
      uploadedBytes,
      pollsMade: 0,
      needsFile: true,
      isResumable: true,
    };
    if (upload.phase === 'processing') {
      return transitionUpload(base, { type: 'bytesIn' });
    }
    if (upload.phase === 'failed') {
      return transitionUpload(
        { ...base, needsFile: true },
        {
          type: 'uploadFailed',
          error: upload.error ?? NETWORK_FAILURE_MESSAGE,
          isResumable: false,
        },
      );
    }
    return base;
  }

  private restoreRecorded(record: RecordedBlobRecord): void {
    const entry: VideoUploadEntry = {
      id: record.uploadUrl === null ? record.clientKey : getUploadIdFromUrl(record.uploadUrl),
      clientKey: record.clientKey,
      storyfileId: record.storyfileId,
      storyfileName: record.storyfileName,
      target: record.target,
      ...getTrackingNames(record.target),
      percentage: 0,
      uploadStatus: null,
      phase: 'queued',
      error: null,
      serverUploadId: record.uploadUrl === null ? null : getUploadIdFromUrl(record.uploadUrl),
      uploadUrl: record.uploadUrl,
      filename: record.filename,
      filetype: record.filetype,
      sizeBytes: record.blob.size,
      uploadedBytes: 0,
      pollsMade: 0,
      needsFile: false,
      isResumable: true,
    };
    this.runtimes.set(record.clientKey, {
      file: record.blob,
      tus: null,
      isRecorded: true,
      polling: null,
      failedOffline: false,
    });
    this.setEntries([...this.entries, entry]);
  }

  private resetForNewUpload(entry: VideoUploadEntry): VideoUploadEntry {
    return {
      ...entry,
      id: entry.clientKey,
      serverUploadId: null,
      uploadUrl: null,
      uploadedBytes: 0,
      percentage: 0,
      pollsMade: 0,
      needsFile: false,
      isResumable: true,
      error: null,
      uploadStatus: null,
    };
  }

  private pump(): void {
    if (this.isDisposed) {
      return;
    }
    let running = this.entries.filter((entry) => entry.phase === 'uploading').length;
    for (const entry of this.entries) {
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
    const entry = this.dispatch(clientKey, { type: 'started' });
    if (!runtime?.file || !entry) {
      return;
    }
    const file = runtime.file;
    const { userId, storyfileId } = { userId: this.deps.userId, storyfileId: entry.storyfileId };
    const targetKey = getTargetKey(entry.target);
    let tus: TusUploadLike | null = null;
    const isCurrent = () => this.runtimes.get(clientKey)?.tus === tus && tus !== null;
    const options: UploadOptions = {
      endpoint: this.deps.endpoint,
      ...(entry.uploadUrl === null ? {} : { uploadUrl: entry.uploadUrl }),
      chunkSize: this.deps.chunkSize,
      retryDelays: UPLOAD_RETRY_DELAYS_MS,
      headers: this.deps.headers,
      metadata: buildVideoUploadMetadata({
        storyfileId,
        target: toContractTarget(entry.target),
        filename: entry.filename,
        filetype: entry.filetype,
      }),
      // Files: the URL is kept under a fingerprint (localStorage), so selecting the same file for
      // the same target after a reload resumes it. Recorded takes live in IndexedDB instead.
      storeFingerprintForResuming: !runtime.isRecorded,
      removeFingerprintOnSuccess: true,
      // The default fingerprint ignores the target: the same file sent to two questions would
      // resume the other question's upload.
      fingerprint: (input: File) =>
        Promise.resolve(
          [
            'conversa-video',
            userId,
            storyfileId,
            targetKey,
            input.name,
            input.type,
            input.size,
            input.lastModified,
          ].join('|'),
        ),
      onBeforeRequest: () => this.deps.beforeRequest().catch(() => undefined),
      onShouldRetry: (error, retryAttempt) => {
        const status = getStatusOf(error);
        if (status === 401) {
          void this.deps.refreshSession().catch(() => false);
          return retryAttempt < 2;
        }
        return status === 0 || status >= 500 || status === 409 || status === 423
          ? typeof navigator === 'undefined' || navigator.onLine !== false
          : false;
      },
      onUploadUrlAvailable: () => {
        if (!isCurrent() || tus?.url == null) {
          return;
        }
        const uploadUrl = tus.url;
        this.dispatch(clientKey, {
          type: 'urlKnown',
          uploadUrl,
          serverUploadId: getUploadIdFromUrl(uploadUrl),
        });
        if (runtime.isRecorded) {
          this.deps.blobStore.setUploadUrl(clientKey, uploadUrl).catch(() => undefined);
        }
      },
      onProgress: (bytesSent, bytesTotal) => {
        if (isCurrent()) {
          this.dispatch(clientKey, {
            type: 'progressed',
            uploadedBytes: bytesSent,
            totalBytes: bytesTotal,
          });
        }
      },
      onSuccess: () => {
        if (!isCurrent()) {
          return;
        }
        runtime.tus = null;
        if (runtime.isRecorded) {
          this.deps.blobStore.remove(clientKey).catch(() => undefined);
        }
        this.dispatch(clientKey, { type: 'bytesIn' });
        this.deps.onSettled(storyfileId);
        this.startPolling(clientKey);
        this.pump();
      },
      onError: (error) => {
        if (!isCurrent()) {
          return;
        }
        runtime.tus = null;
        runtime.failedOffline = getStatusOf(error) === 0;
        this.dispatch(clientKey, {
          type: 'uploadFailed',
          error: describeUploadError(error),
          isResumable: true,
        });
        this.pump();
      },
    };
    tus = this.deps.createUpload(file, options);
    runtime.tus = tus;
    const begin = async () => {
      if (entry.uploadUrl === null && !runtime.isRecorded && tus !== null) {
        const previous = await tus.findPreviousUploads().catch(() => []);
        const newest = previous
          .filter((upload) => upload.uploadUrl !== null)
          .sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime))[0];
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

  private startPolling(clientKey: string): void {
    const runtime = this.runtimes.get(clientKey) ?? {
      file: null,
      tus: null,
      isRecorded: false,
      polling: null,
      failedOffline: false,
    };
    this.runtimes.set(clientKey, runtime);
    runtime.polling?.abort();
    const controller = new AbortController();
    runtime.polling = controller;
    const run = async () => {
      for (;;) {
        const entry = this.find(clientKey);
        if (!entry || entry.phase !== 'processing' || entry.serverUploadId === null) {
          return;
        }
        await this.deps.wait(getPollDelayMs(entry.pollsMade), controller.signal);
        if (controller.signal.aborted || this.isDisposed) {
          return;
        }
        const answer = await this.deps.fetchStatus(entry.serverUploadId).catch(() => null);
        if (controller.signal.aborted || this.isDisposed) {
          return;
        }
        const next = this.dispatch(clientKey, {
          type: 'polled',
          status: answer?.status ?? null,
          error: answer?.error ?? null,
        });
        if (next?.phase !== 'processing') {
          runtime.polling = null;
          this.deps.onSettled(entry.storyfileId);
          return;
        }
      }
    };
    void run();
  }

  private find(clientKey: string): VideoUploadEntry | undefined {
    return this.entries.find((entry) => entry.clientKey === clientKey);
  }

  private dispatch(clientKey: string, event: UploadEvent): VideoUploadEntry | undefined {
    const entry = this.find(clientKey);
    if (!entry) {
      return undefined;
    }
    const next = transitionUpload(entry, event);
    // Progress events come many times a second; only a new whole percent is news.
    if (
      event.type === 'progressed' &&
      next.percentage === entry.percentage &&
      next.sizeBytes === entry.sizeBytes
    ) {
      return entry;
    }
    this.replaceEntry(clientKey, next);
    return next;
  }

  private replaceEntry(clientKey: string, next: VideoUploadEntry): void {
    this.setEntries(this.entries.map((entry) => (entry.clientKey === clientKey ? next : entry)));
  }

  private remove(clientKey: string): void {
    const runtime = this.runtimes.get(clientKey);
    runtime?.polling?.abort();
    if (runtime?.isRecorded) {
      this.deps.blobStore.remove(clientKey).catch(() => undefined);
    }
    this.runtimes.delete(clientKey);
    this.setEntries(this.entries.filter((entry) => entry.clientKey !== clientKey));
  }

  private setEntries(entries: readonly VideoUploadEntry[]): void {
    this.entries = entries;
    for (const listener of this.listeners) {
      listener();
    }
  }

  private readDismissed(): Set<string> {
    try {
      const stored = JSON.parse(
        this.deps.storage?.getItem(DISMISSED_STORAGE_KEY) ?? '[]',
      ) as unknown;
      return new Set(Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : []);
    } catch {
      return new Set();
    }
  }

  private rememberDismissed(uploadId: string): void {
    // Uploads older than a day leave the server's list, so the last hundred are plenty.
    const ids = [...this.readDismissed(), uploadId].slice(-100);
    try {
      this.deps.storage?.setItem(DISMISSED_STORAGE_KEY, JSON.stringify(ids));
    } catch {
      // Storage full or refused: the upload may show again after a reload.
    }
  }
}
