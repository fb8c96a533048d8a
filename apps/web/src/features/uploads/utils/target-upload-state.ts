import { getTargetKey, type TrackedVideoUpload } from '../types';

export type TargetUploadState = {
  phase: 'uploading' | 'processing' | 'failed' | 'ready';
  percentage: number;
  error: string | null;
};

/**
 * The state of the newest upload onto a target (`question:<id>` or `clip:<kind>`), in the terms
 * the recording tab takes (`getTargetUploadState`): queued and paused uploads count as uploading.
 */
export function getTargetUploadState(
  uploads: readonly TrackedVideoUpload[],
  targetKey: string,
): TargetUploadState | undefined {
  const upload = uploads.findLast((item) => getTargetKey(item.target) === targetKey);
  if (upload === undefined) {
    return undefined;
  }
  const phase =
    upload.phase === 'queued' || upload.phase === 'paused' || upload.phase === 'uploading'
      ? 'uploading'
      : upload.phase;
  return { phase, percentage: upload.percentage, error: upload.error };
}
