import {
  isAcceptedVideoFile,
  UPLOAD_REJECTION_MESSAGES,
  type StoryfileDetail,
} from '@conversa/contracts';
import { getTargetKey, type VideoUploadTarget } from '../types';

export type TargetOption = {
  key: string;
  /** Optgroup: the topic's name, or Clips. */
  group: string;
  label: string;
  isRecorded: boolean;
  target: VideoUploadTarget;
};

export const CLIPS_GROUP = 'Clips';

/** Every question of the script in order, then the four clips: what a file can answer. */
export function listTargetOptions(storyfile: StoryfileDetail): TargetOption[] {
  const questions = storyfile.topics.flatMap((topic) =>
    topic.questions.map((question): TargetOption => {
      const target: VideoUploadTarget = {
        kind: 'question',
        questionId: question.id,
        topicName: topic.name,
        questionText: question.text,
      };
      return {
        key: getTargetKey(target),
        group: topic.name,
        label: question.text,
        isRecorded: question.answerRecordedAt !== null,
        target,
      };
    }),
  );
  const clips = storyfile.clips.map((clip): TargetOption => {
    const target: VideoUploadTarget = { kind: 'clip', clipKind: clip.kind, label: clip.label };
    return {
      key: getTargetKey(target),
      group: CLIPS_GROUP,
      label: clip.label,
      isRecorded: clip.recordedAt !== null,
      target,
    };
  });
  return [...questions, ...clips];
}

/**
 * Default targets of newly dropped files: the unrecorded questions in script order that no row
 * holds yet and no upload is busy with; null once they run out (the person picks one).
 */
export function assignDefaultTargets(
  fileCount: number,
  options: readonly TargetOption[],
  takenKeys: ReadonlySet<string>,
): (string | null)[] {
  const free = options
    .filter((option) => option.target.kind === 'question')
    .filter((option) => !option.isRecorded && !takenKeys.has(option.key));
  return Array.from({ length: fileCount }, (_, index) => free[index]?.key ?? null);
}

/** Why a file cannot be uploaded as a video, or null when it can. */
export function getFileRejection(file: { name: string; type: string }): string | null {
  return isAcceptedVideoFile(file.type, file.name)
    ? null
    : `${file.name}: ${UPLOAD_REJECTION_MESSAGES.videoType}`;
}

export type BulkRow = { id: string; fileName: string; targetKey: string | null };

/** Problems that keep "Upload N videos" disabled, per row id. */
export function findRowProblems(rows: readonly BulkRow[]): Map<string, string> {
  const problems = new Map<string, string>();
  const seen = new Map<string, string>();
  for (const row of rows) {
    if (row.targetKey === null) {
      problems.set(row.id, 'Choose what this video answers.');
      continue;
    }
    const first = seen.get(row.targetKey);
    if (first === undefined) {
      seen.set(row.targetKey, row.fileName);
    } else {
      problems.set(row.id, `${first} already answers this; choose another.`);
    }
  }
  return problems;
}
