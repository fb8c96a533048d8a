import { formatCount } from '@/lib/format';
// The storyfile-package uploads of this page, for the floating bar: the video engine tracks videos
// only, and a package upload (Import package) goes through its own tus call, so it reports here.
// A module-level store: the import dialog's upload (loaded with the first package) and the shell's
// bar read and write the same one.

export type PackageUploadPhase = 'uploading' | 'uploaded';

export type PackageUploadEntry = {
  /** This page's name for the upload (the bar hides by it). */
  key: string;
  filename: string;
  sentBytes: number;
  totalBytes: number;
  phase: PackageUploadPhase;
};

let entries: readonly PackageUploadEntry[] = [];
const listeners = new Set<() => void>();
let nextKey = 0;

function publish(next: readonly PackageUploadEntry[]): void {
  entries = next;
  for (const listener of listeners) {
    listener();
  }
}

function update(key: string, change: Partial<PackageUploadEntry>): void {
  publish(entries.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
}

export const packageUploadStore = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): readonly PackageUploadEntry[] => entries,
  /** A package upload begins: the bar counts it from now on. Answers its key. */
  begin: (filename: string, totalBytes: number): string => {
    nextKey += 1;
    const key = `package-${nextKey}`;
    publish([...entries, { key, filename, sentBytes: 0, totalBytes, phase: 'uploading' }]);
    return key;
  },
  progress: (key: string, sentBytes: number, totalBytes: number): void => {
    update(key, { sentBytes, totalBytes });
  },
  /** Every byte is in: the bar says Uploaded until it is dismissed. */
  finish: (key: string): void => {
    const entry = entries.find((item) => item.key === key);
    update(key, { phase: 'uploaded', sentBytes: entry?.totalBytes ?? 0 });
  },
  /**
   * Failed or cancelled: the import dialog says why, where the person is; the bar carries no
   * failure (as for videos), so the upload leaves it.
   */
  drop: (key: string): void => {
    publish(entries.filter((entry) => entry.key !== key));
  },
  /** Dismiss on the bar: the finished ones go. */
  clearFinished: (): void => {
    publish(entries.filter((entry) => entry.phase !== 'uploaded'));
  },
  /** Tests: starts from no uploads. */
  reset: (): void => {
    publish([]);
  },
};

export type PackageBarSummary = {
  label: 'Uploading' | 'Uploaded';
  count: number;
  /** While Uploading: the share, 0-100, of the bytes of the packages going up that are sent. */
  percentage: number;
};

/** What the bar says of packages: Uploading and how many while any goes up, then Uploaded. */
export function summarizePackageUploads(
  uploads: readonly PackageUploadEntry[],
): PackageBarSummary | null {
  const sending = uploads.filter((upload) => upload.phase === 'uploading');
  if (sending.length > 0) {
    const total = sending.reduce((sum, upload) => sum + upload.totalBytes, 0);
    const sent = sending.reduce(
      (sum, upload) => sum + Math.min(upload.sentBytes, upload.totalBytes),
      0,
    );
    return {
      label: 'Uploading',
      count: sending.length,
      percentage: total === 0 ? 0 : Math.floor((sent / total) * 100 + Number.EPSILON),
    };
  }
  const uploaded = uploads.filter((upload) => upload.phase === 'uploaded').length;
  return uploaded > 0 ? { label: 'Uploaded', count: uploaded, percentage: 100 } : null;
}

/** "Uploading 1 package", "Uploaded 2 packages". */
export function formatPackageBarText(summary: PackageBarSummary): string {
  return `${summary.label} ${formatCount(summary.count, 'package')}`;
}
