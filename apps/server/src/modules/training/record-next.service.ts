import {
  RECORD_NEXT_LIMIT,
  RECORD_NEXT_WORDS_LIMIT,
  type RecordNextList,
} from '@conversa/contracts';
import { getStoryfileMatcher, type ConversationEngine } from '../conversations/index.ts';
import { readReviewClusters, type ReadCluster } from './clusters.service.ts';

/**
 * What to record next (issue 68): the script's unrecorded questions that the storyfile's open
 * questions to review look like (`readReviewClusters`: by meaning, else the matcher's own
 * not-recorded match), most visitors first, then most questions, each with the visitors' words and
 * the exchanges behind them. A visitor counts once per question, however many groups they asked in.
 */
export async function listRecordNext(
  engine: ConversationEngine,
  storyfileId: string,
  now = new Date(),
): Promise<RecordNextList> {
  const [clusters, { answers }] = await Promise.all([
    readReviewClusters(engine, storyfileId, now),
    getStoryfileMatcher(engine, storyfileId),
  ]);
  const byQuestion = new Map<string, ReadCluster[]>();
  for (const cluster of clusters) {
    const questionId =
      cluster.looksLike?.isRecorded === false ? cluster.looksLike.questionId : null;
    if (questionId !== null && answers.get(questionId)?.isRecorded === false) {
      byQuestion.set(questionId, [...(byQuestion.get(questionId) ?? []), cluster]);
    }
  }
  const items = [...byQuestion].map(([questionId, asked]) => {
    const answer = answers.get(questionId)!;
    const words = new Map<string, number>();
    for (const { text, count } of asked.flatMap((cluster) => cluster.questions)) {
      words.set(text, (words.get(text) ?? 0) + count);
    }
    return {
      questionId,
      questionText: answer.text,
      topicName: answer.topicName,
      visitors: new Set(asked.flatMap((cluster) => cluster.visitorKeys)).size,
      count: asked.reduce((sum, cluster) => sum + cluster.count, 0),
      questions: [...words]
        .map(([text, count]) => ({ text, count }))
        .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
        .slice(0, RECORD_NEXT_WORDS_LIMIT),
      entryIds: asked.flatMap((cluster) => cluster.entryIds),
    };
  });
  items.sort(
    (a, b) =>
      b.visitors - a.visitors ||
      b.count - a.count ||
      a.questionText.localeCompare(b.questionText, 'en', { sensitivity: 'base' }),
  );
  return { items: items.slice(0, RECORD_NEXT_LIMIT) };
}
