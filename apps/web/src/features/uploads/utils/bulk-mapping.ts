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

// Words that say nothing about which question a file answers ("what-is-my-take-2.mp4").
const FILLER_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'answer',
  'clip',
  'did',
  'do',
  'does',
  'final',
  'for',
  'how',
  'i',
  'in',
  'is',
  'it',
  'like',
  'me',
  'my',
  'of',
  'on',
  'the',
  'take',
  'to',
  'video',
  'was',
  'were',
  'what',
  'when',
  'where',
  'which',
  'who',
  'why',
  'you',
  'your',
]);

/** The meaningful words of a file name or a question: lower case, camelCase split, no filler. */
export function toMatchWords(text: string): string[] {
  return text
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !/^\d+$/.test(word) && !FILLER_WORDS.has(word));
}

/**
 * The target a file name names, or null: every meaningful word of the name must appear in the
 * question or clip (so `favorite-animal.mp4` fits "What is your favorite animal?" and nothing
 * about a childhood home). The closest fit wins; a tie is no fit, the person chooses.
 */
export function matchFileToTarget(
  fileName: string,
  options: readonly TargetOption[],
): TargetOption | null {
  const fileWords = toMatchWords(fileName);
  if (fileWords.length === 0) {
    return null;
  }
  let best: TargetOption | null = null;
  let bestExtra = Infinity;
  let isTie = false;
  for (const option of options) {
    const optionWords = new Set(toMatchWords(option.label));
    if (!fileWords.every((word) => optionWords.has(word))) {
      continue;
    }
    const extra = optionWords.size - fileWords.length;
    if (extra < bestExtra) {
      best = option;
      bestExtra = extra;
      isTie = false;
    } else if (extra === bestExtra) {
      isTie = true;
    }
  }
  return isTie ? null : best;
}

/**
 * Targets of newly dropped files, matched by file name (matchFileToTarget) among the targets no
 * row holds and no upload is busy with; null where the name fits none, so the person must choose.
 * Never by position: guessing from the order of unrecorded questions stored wrong answers.
 */
export function assignDefaultTargets(
  fileNames: readonly string[],
  options: readonly TargetOption[],
  takenKeys: ReadonlySet<string>,
): (string | null)[] {
  const claimed = new Set(takenKeys);
  return fileNames.map((fileName) => {
    const match = matchFileToTarget(
      fileName,
      options.filter((option) => !claimed.has(option.key)),
    );
    if (match === null) {
      return null;
    }
    claimed.add(match.key);
    return match.key;
  });
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
