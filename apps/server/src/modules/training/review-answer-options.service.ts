import type { ReviewAnswerOption } from '@conversa/contracts';
import { getStoryfileMatcher, type ConversationEngine } from '../conversations/index.ts';

/** The script's questions a reviewer may pick as the right answer: recorded first, then by text. */
export async function listReviewAnswerOptions(
  engine: ConversationEngine,
  storyfileId: string,
): Promise<{ items: ReviewAnswerOption[] }> {
  const { answers } = await getStoryfileMatcher(engine, storyfileId);
  const items = [...answers.values()]
    .map((answer) => ({
      questionId: answer.questionId,
      text: answer.text,
      topicName: answer.topicName,
      isRecorded: answer.isRecorded,
    }))
    .sort(
      (a, b) =>
        Number(b.isRecorded) - Number(a.isRecorded) ||
        a.text.localeCompare(b.text, 'en', { sensitivity: 'base' }),
    );
  return { items };
}
