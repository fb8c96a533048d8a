/** What the route tells about a target's upload (from the uploads feature). */
export interface TargetUploadState {
  phase: 'uploading' | 'processing' | 'failed' | 'ready';
  percentage: number;
  error: string | null;
}

export type TargetStatusTone = 'recorded' | 'missing' | 'busy' | 'failed' | 'kept';

export interface TargetStatus {
  label: string;
  /** The spec's tooltip for the upload labels (§2). */
  tooltip: string | null;
  tone: TargetStatusTone;
}

/**
 * What a target's row says: its live upload (spec §2 labels `{n}% Uploading` and `Processing`;
 * a finished one reads Recorded, like an answer the server already has), else a take kept in this session that the upload has not picked up yet, else
 * whether the server has it recorded.
 */
export function describeTargetStatus({
  uploadState,
  isRecorded,
  isKept,
}: {
  uploadState: TargetUploadState | undefined;
  isRecorded: boolean;
  isKept: boolean;
}): TargetStatus {
  if (uploadState !== undefined) {
    switch (uploadState.phase) {
      case 'uploading':
        return {
          label: `${Math.floor(Math.min(100, Math.max(0, uploadState.percentage)))}% Uploading`,
          tooltip: 'Video uploading to server',
          tone: 'busy',
        };
      case 'processing':
        return {
          label: 'Processing',
          tooltip: 'Video uploaded, must process to view',
          tone: 'busy',
        };
      case 'ready':
        // One word per state: an answer uploaded and processed is recorded, as the server's
        // answers are (the list said "Uploaded" for some and "Recorded" for others).
        return {
          label: 'Recorded',
          tooltip: 'Successfully uploaded and processed!',
          tone: 'recorded',
        };
      case 'failed':
        return {
          label: `Upload failed${uploadState.error ? `: ${uploadState.error}` : ''}`,
          tooltip: null,
          tone: 'failed',
        };
    }
  }
  if (isKept) {
    return { label: 'Take kept', tooltip: null, tone: 'kept' };
  }
  return isRecorded
    ? { label: 'Recorded', tooltip: null, tone: 'recorded' }
    : { label: 'Not recorded', tooltip: null, tone: 'missing' };
}

/**
 * Whether a target still needs a take: a failed upload needs one again; one uploading,
 * processing, uploaded or kept does not.
 */
export function isTargetDone({
  uploadState,
  isRecorded,
  isKept,
}: {
  uploadState: TargetUploadState | undefined;
  isRecorded: boolean;
  isKept: boolean;
}): boolean {
  if (uploadState !== undefined) {
    return uploadState.phase !== 'failed';
  }
  return isRecorded || isKept;
}
