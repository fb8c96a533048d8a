import {
  normalizeQuestionText,
  type ClipKind,
  type StoryfileWorkStatus,
} from '@conversa/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../lists/index.ts';
import { assertTrialAllows, type TrialUsage } from '../promo-codes/index.ts';
import {
  storyfileClips,
  storyfileQuestions,
  storyfileStarters,
  storyfileTopics,
  storyfiles,
} from './storyfiles.tables.ts';

/** A whole storyfile script to create at once: what an import or a duplicate brings (issue 31). */
export interface StoryfileCopy {
  namespaceId: string;
  name: string;
  description: string;
  language: string;
  status: StoryfileWorkStatus;
  avatarUrl: string | null;
  userId: string;
  topics: Array<{
    name: string;
    questions: Array<{ key: string; text: string; alternates: string[]; isAnswered: boolean }>;
  }>;
  /** Question keys, in order. */
  starters: string[];
  clips: Array<{ kind: ClipKind; prompt: string; isRecorded: boolean }>;
}

/**
 * Creates a storyfile with its topics, questions, clips and starters in the caller's transaction
 * (the package import's one transaction). Counts against a running trial's storyfile limit like
 * any new storyfile. Returns its id and each question key's new id.
 */
export async function insertStoryfileCopy(
  tx: Executor,
  trialUsage: TrialUsage,
  copy: StoryfileCopy,
): Promise<{ storyfileId: string; questionIds: Map<string, string> }> {
  await assertTrialAllows(
    tx,
    trialUsage,
    { kind: 'storyfile', namespaceId: copy.namespaceId },
    { lock: true },
  );
  const [row] = await tx
    .insert(storyfiles)
    .values({
      namespaceId: copy.namespaceId,
      name: copy.name,
      description: copy.description,
      language: copy.language,
      status: copy.status,
      avatarUrl: copy.avatarUrl,
      createdBy: copy.userId,
      updatedBy: copy.userId,
    })
    .returning({ id: storyfiles.id });
  const storyfileId = row!.id;
  const questionIds = new Map<string, string>();
  for (const [topicPosition, topic] of copy.topics.entries()) {
    const [topicRow] = await tx
      .insert(storyfileTopics)
      .values({
        storyfileId,
        name: topic.name,
        position: topicPosition,
        createdBy: copy.userId,
        updatedBy: copy.userId,
      })
      .returning({ id: storyfileTopics.id });
    if (topic.questions.length === 0) {
      continue;
    }
    const inserted = await tx
      .insert(storyfileQuestions)
      .values(
        topic.questions.map((question, position) => ({
          storyfileId,
          storyfileTopicId: topicRow!.id,
          text: question.text,
          textKey: normalizeQuestionText(question.text),
          alternates: question.alternates,
          position,
          answerRecordedAt: question.isAnswered ? sql`now()` : null,
          createdBy: copy.userId,
          updatedBy: copy.userId,
        })),
      )
      .returning({ id: storyfileQuestions.id, position: storyfileQuestions.position });
    for (const insertedRow of inserted) {
      questionIds.set(topic.questions[insertedRow.position]!.key, insertedRow.id);
    }
  }
  await tx.insert(storyfileClips).values(
    copy.clips.map((clip) => ({
      storyfileId,
      kind: clip.kind,
      prompt: clip.prompt,
      recordedAt: clip.isRecorded ? sql`now()` : null,
      updatedBy: copy.userId,
    })),
  );
  if (copy.starters.length > 0) {
    await tx.insert(storyfileStarters).values(
      copy.starters.map((key, position) => ({
        storyfileId,
        storyfileQuestionId: questionIds.get(key)!,
        position,
      })),
    );
  }
  return { storyfileId, questionIds };
}
