import type { VideoUploadEntry } from '../types';
import { transitionUpload, type UploadEvent } from './upload-state';

/** The engine's list of uploads as React reads it: an immutable snapshot and its listeners. */
export class UploadEntryStore {
  private entries: readonly VideoUploadEntry[] = [];
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly VideoUploadEntry[] => this.entries;

  find(clientKey: string): VideoUploadEntry | undefined {
    return this.entries.find((entry) => entry.clientKey === clientKey);
  }

  /** Feeds an event to one upload's state; answers the upload after it. */
  dispatch(clientKey: string, event: UploadEvent): VideoUploadEntry | undefined {
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
    this.replace(clientKey, next);
    return next;
  }

  replace(clientKey: string, next: VideoUploadEntry): void {
    this.set(this.entries.map((entry) => (entry.clientKey === clientKey ? next : entry)));
  }

  append(added: readonly VideoUploadEntry[]): void {
    this.set([...this.entries, ...added]);
  }

  delete(clientKey: string): void {
    this.set(this.entries.filter((entry) => entry.clientKey !== clientKey));
  }

  set(entries: readonly VideoUploadEntry[]): void {
    this.entries = entries;
    for (const listener of this.listeners) {
      listener();
    }
  }

  /** After the engine stopped: nobody is told of changes any more. */
  clearListeners(): void {
    this.listeners.clear();
  }
}
