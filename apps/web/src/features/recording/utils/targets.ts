import {
  CLIP_KIND_LABELS,
  CLIP_KINDS,
  type ClipKind,
  type StoryfileDetail,
} from '@conversa/contracts';

/** What a take answers: a question of the script, or one of the four clips. */
export type RecordTarget =
  | { kind: 'question'; questionId: string; topicName: string; questionText: string }
  | { kind: 'clip'; clipKind: ClipKind; label: string };

/** A target as the recording tab lists it, in recording order. */
export interface RecordTargetItem {
  /** `question:<id>` or `clip:<kind>`: the key upload states are looked up by. */
  key: string;
  target: RecordTarget;
  /** The server has a recorded answer (or clip) for it. */
  isRecorded: boolean;
  /** For a clip: what to say in it. */
  prompt: string | null;
  /** For a question: its place among all questions (1-based). */
  questionNumber: number | null;
  /** The topic name for a question; `Clips` for a clip (the sidebar groups by it). */
  groupName: string;
  /** Unique per group, even when two topics share a name. */
  groupKey: string;
}

export const CLIPS_GROUP_NAME = 'Clips';

/** The key a target's upload state is looked up by: `question:<id>` or `clip:<kind>`. */
export function getTargetKey(target: RecordTarget): string {
  return target.kind === 'question' ? `question:${target.questionId}` : `clip:${target.clipKind}`;
}

/** The short name of a target, e.g. for a toast or a filename. */
export function getTargetTitle(target: RecordTarget): string {
  return target.kind === 'question' ? target.questionText : target.label;
}

/**
 * Every target in recording order: the questions topic by topic (both by position), then the
 * four clips in the order of CLIP_KINDS.
 */
export function listRecordTargets(
  storyfile: Pick<StoryfileDetail, 'topics' | 'clips'>,
): RecordTargetItem[] {
  const items: RecordTargetItem[] = [];
  let questionNumber = 0;
  const topics = [...storyfile.topics].sort((a, b) => a.position - b.position);
  for (const topic of topics) {
    const questions = [...topic.questions].sort((a, b) => a.position - b.position);
    for (const question of questions) {
      questionNumber += 1;
      const target: RecordTarget = {
        kind: 'question',
        questionId: question.id,
        topicName: topic.name,
        questionText: question.text,
      };
      items.push({
        key: getTargetKey(target),
        target,
        isRecorded: question.answerRecordedAt !== null,
        prompt: null,
        questionNumber,
        groupName: topic.name,
        groupKey: `topic:${topic.id}`,
      });
    }
  }
  for (const clipKind of CLIP_KINDS) {
    const clip = storyfile.clips.find((item) => item.kind === clipKind);
    const target: RecordTarget = { kind: 'clip', clipKind, label: CLIP_KIND_LABELS[clipKind] };
    items.push({
      key: getTargetKey(target),
      target,
      isRecorded: (clip?.recordedAt ?? null) !== null,
      prompt: clip?.prompt ?? null,
      questionNumber: null,
      groupName: CLIPS_GROUP_NAME,
      groupKey: 'clips',
    });
  }
  return items;
}

/** Items grouped for the sidebar, in order; a group appears once even if items interleave. */
export function groupRecordTargets(
  items: readonly RecordTargetItem[],
): { key: string; name: string; items: RecordTargetItem[] }[] {
  const groups: { key: string; name: string; items: RecordTargetItem[] }[] = [];
  for (const item of items) {
    const group = groups.find((candidate) => candidate.key === item.groupKey);
    if (group === undefined) {
      groups.push({ key: item.groupKey, name: item.groupName, items: [item] });
    } else {
      group.items.push(item);
    }
  }
  return groups;
}

/** Whether a target still needs a take; by default, while the server has none. */
export type NeedsTake = (item: RecordTargetItem) => boolean;

const isUnrecorded: NeedsTake = (item) => !item.isRecorded;

/**
 * The first target after `currentKey` (wrapping round) that still needs a take, or undefined
 * when no other target does.
 */
export function findNextUnrecordedKey(
  items: readonly RecordTargetItem[],
  currentKey: string | null,
  needsTake: NeedsTake = isUnrecorded,
): string | undefined {
  const start = items.findIndex((item) => item.key === currentKey);
  for (let step = 1; step <= items.length; step += 1) {
    const item = items[(start + step + items.length) % items.length];
    if (item !== undefined && item.key !== currentKey && needsTake(item)) {
      return item.key;
    }
  }
  return undefined;
}

/** Where the tab starts: the first target needing a take, else the first target. */
export function findInitialKey(
  items: readonly RecordTargetItem[],
  needsTake: NeedsTake = isUnrecorded,
): string | null {
  return items.find(needsTake)?.key ?? items[0]?.key ?? null;
}

/** The neighbour of `currentKey` in recording order (no wrap), or undefined at either end. */
export function findAdjacentKey(
  items: readonly RecordTargetItem[],
  currentKey: string | null,
  step: 1 | -1,
): string | undefined {
  const index = items.findIndex((item) => item.key === currentKey);
  if (index === -1) {
    return undefined;
  }
  return items[index + step]?.key;
}

/**
 * The target on show: the one chosen while it still exists; a question deleted meanwhile (in
 * another tab) falls back to where the tab would start.
 */
export function resolveCurrentKey(
  items: readonly RecordTargetItem[],
  selectedKey: string | null,
  needsTake: NeedsTake = isUnrecorded,
): string | null {
  return items.some((item) => item.key === selectedKey)
    ? selectedKey
    : findInitialKey(items, needsTake);
}
