import { CLIP_KIND_LABELS, type UploadSummary } from '@conversa/contracts';
import { getTargetKey, type VideoUploadEntry, type VideoUploadTarget } from '../types';
import { getUploadPercentage } from './upload-state';

export type RestorePlan = {
  /** The engine's entries, with the server's byte count where the engine had none. */
  entries: readonly VideoUploadEntry[];
  /** Uploads to bring back into the dialog, newest per target, in the server's order. */
  toRestore: { upload: UploadSummary; target: VideoUploadTarget }[];
};

export function getTargetOfSummary(upload: UploadSummary): VideoUploadTarget | null {
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

/**
 * What the server's list of recent uploads (newest first) adds after a reload: only the newest
 * upload of each target, never a dismissed, processed or cancelled one, nor one for a target the
 * engine already tracks. Uploads the engine knows only update their byte count.
 */
export function planRestore(
  current: readonly VideoUploadEntry[],
  uploads: readonly UploadSummary[],
  dismissed: ReadonlySet<string>,
): RestorePlan {
  let entries = current;
  const newestPerTarget = new Set<string>();
  const toRestore: RestorePlan['toRestore'] = [];
  for (const upload of uploads) {
    const target = getTargetOfSummary(upload);
    if (upload.kind === 'avatar' || upload.storyfileId === null || target === null) {
      continue;
    }
    const slot = `${upload.storyfileId}|${getTargetKey(target)}`;
    const isNewest = !newestPerTarget.has(slot);
    newestPerTarget.add(slot);
    const known = entries.find((entry) => entry.serverUploadId === upload.id);
    if (known) {
      if (known.uploadedBytes === 0 && upload.uploadedBytes !== null) {
        const next = {
          ...known,
          uploadedBytes: upload.uploadedBytes,
          percentage: getUploadPercentage(upload.uploadedBytes, known.sizeBytes),
        };
        entries = entries.map((entry) => (entry.clientKey === known.clientKey ? next : entry));
      }
      continue;
    }
    if (
      !isNewest ||
      dismissed.has(upload.id) ||
      upload.phase === 'ready' ||
      upload.phase === 'cancelled' ||
      entries.some(
        (entry) =>
          entry.storyfileId === upload.storyfileId &&
          getTargetKey(entry.target) === getTargetKey(target),
      )
    ) {
      continue;
    }
    toRestore.push({ upload, target });
  }
  return { entries, toRestore };
}
