import { INK_CLIP_TAG_NAMES, type InkQuestion } from '@conversa/contracts';

export interface TagCompletionOption {
  label: string;
  detail: string;
  /** Text put in place of what was typed after `answer:` or `clip:`. */
  apply: string;
}

/**
 * What to offer after `# answer:` (the storyfile's questions, found by their text or id) or after
 * `# clip:` (the clip names). `lineBefore` is the line up to the cursor; null when the cursor is
 * not in the value of a clip tag.
 */
export function findTagCompletions(
  lineBefore: string,
  questions: readonly InkQuestion[],
): { from: number; options: TagCompletionOption[] } | null {
  const match = /#\s*(answer|clip)\s*:\s*([^#\]]*)$/i.exec(lineBefore);
  if (!match) {
    return null;
  }
  const typed = match[2]!;
  const from = lineBefore.length - typed.length;
  const needle = typed.trim().toLowerCase();
  if (match[1]!.toLowerCase() === 'clip') {
    return {
      from,
      options: INK_CLIP_TAG_NAMES.filter((name) => name.startsWith(needle)).map((name) => ({
        label: name,
        detail: 'clip',
        apply: name,
      })),
    };
  }
  return {
    from,
    options: questions
      .filter(
        (question) =>
          needle === '' ||
          question.text.toLowerCase().includes(needle) ||
          question.id.startsWith(needle),
      )
      .map((question) => ({
        label: question.text,
        detail: `${question.topicName}${question.isRecorded ? '' : ' · not recorded'}`,
        apply: question.id,
      })),
  };
}
