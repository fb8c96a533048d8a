import {
  CLIP_KIND_LABELS,
  findInkSourceTags,
  parseInkTag,
  type ClipKind,
  type StoryfileTopic,
} from '@conversa/contracts';

export interface StoryLineWithoutVideo {
  /** One-based line of the published source. */
  line: number;
  /** What the line would play, and that it is not recorded. */
  says: string;
}

/**
 * The lines of a published ink story whose video is not recorded: a `# answer:` tag whose question
 * has no recorded answer (or is no longer in the checklist), or a `# clip:` tag whose clip is not
 * recorded. They play as text in the player, as an untagged line does.
 */
export function findStoryLinesWithoutVideo(
  source: string,
  topics: readonly StoryfileTopic[],
  recordedClips: ReadonlySet<ClipKind>,
): StoryLineWithoutVideo[] {
  const questions = new Map(
    topics.flatMap((topic) => topic.questions).map((question) => [question.id, question]),
  );
  const lines: StoryLineWithoutVideo[] = [];
  for (const tag of findInkSourceTags(source)) {
    const parsed = parseInkTag(tag.text);
    if (parsed?.kind === 'answer') {
      const question = questions.get(parsed.questionId);
      if (question === undefined) {
        lines.push({ line: tag.line, says: 'an answer to a question no longer in the script' });
      } else if (question.answerRecordedAt === null) {
        lines.push({ line: tag.line, says: `the answer to "${question.text}", not recorded yet` });
      }
    } else if (parsed?.kind === 'clip' && !recordedClips.has(parsed.clip)) {
      lines.push({
        line: tag.line,
        says: `the ${CLIP_KIND_LABELS[parsed.clip]} clip, not recorded yet`,
      });
    }
  }
  return lines;
}
