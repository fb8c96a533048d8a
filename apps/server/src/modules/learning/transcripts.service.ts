import { sql } from 'drizzle-orm';
import type { ExchangeFeedback, TranscriptEntry } from '@conversa/contracts';
import type { MediaAssetFile } from '../media/media.tables.ts';
import { uuidArray, type Executor } from '../lists/index.ts';
import { signAssetMedia, type ConversationEngine } from '../conversations/index.ts';
import { chatLogEntries, conversations } from '../conversations/conversations.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { readVisitorWords } from '../transcripts/index.ts';

type EntryRow = {
  id: string;
  activity_id: string;
  student_id: string;
  conversation_id: string;
  conversation_started_at: Date | string;
  storyfile_id: string;
  storyfile_name: string;
  question_text: string;
  decision: 'answered' | 'fallback';
  answer_question_id: string | null;
  answer_question_text: string | null;
  created_at: Date | string;
  asset_id: string | null;
  asset_files: Partial<Record<string, MediaAssetFile>> | null;
  feedback: ExchangeFeedback | null;
};

export type ActivityEntry = TranscriptEntry & {
  activityId: string;
  studentId: string;
  answerQuestionId: string | null;
};

/**
 * A student's exchanges in activities, oldest first, with each answer's video signed for `grantee`
 * (whoever reads the transcript), so the transcript plays.
 */
export async function listActivityEntries(
  engine: ConversationEngine,
  filter: { activityIds: string[]; studentId?: string },
  grantee: string | null,
): Promise<ActivityEntry[]> {
  if (filter.activityIds.length === 0) {
    return [];
  }
  const db: Executor = engine.db;
  const onlyStudent =
    filter.studentId === undefined ? sql`true` : sql`t.student_id = ${filter.studentId}`;
  const result = await db.execute<EntryRow>(sql`
    select e.id, t.activity_id, t.student_id, e.conversation_id,
      c.started_at as conversation_started_at, e.storyfile_id, s.name as storyfile_name,
      e.question_text,
      e.decision, e.answer_question_id, e.answer_question_text, e.created_at, e.feedback,
      m.id as asset_id, m.files as asset_files
    from learning_attempts t
    join ${conversations} c on c.id = t.conversation_id
    join ${storyfiles} s on s.id = c.storyfile_id
    join ${chatLogEntries} e on e.conversation_id = t.conversation_id
    left join lateral (
      select id, files from ${mediaAssets}
      where storyfile_question_id = e.answer_question_id and e.decision = 'answered'
      order by created_at desc limit 1
    ) m on true
    where t.activity_id = any(${uuidArray(filter.activityIds)}) and ${onlyStudent}
    order by e.created_at, e.id`);
  const words = await readVisitorWords(
    engine.db,
    result.rows.flatMap((row) => (row.asset_id === null ? [] : [row.asset_id])),
  );
  return result.rows.map((row) => ({
    id: row.id,
    activityId: row.activity_id,
    studentId: row.student_id,
    conversationId: row.conversation_id,
    conversationStartedAt: new Date(row.conversation_started_at).toISOString(),
    storyfileId: row.storyfile_id,
    storyfileName: row.storyfile_name,
    questionText: row.question_text,
    decision: row.decision,
    answerQuestionId: row.answer_question_id,
    answerQuestionText: row.answer_question_text,
    media:
      grantee !== null && row.asset_id !== null && row.asset_files !== null
        ? signAssetMedia(
            engine.signer,
            { id: row.asset_id, files: row.asset_files },
            grantee,
            words.get(row.asset_id),
          )
        : null,
    feedback: row.feedback,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** The transcript entry as the contract shows it. */
export function toTranscriptEntry(entry: ActivityEntry): TranscriptEntry {
  return {
    id: entry.id,
    conversationId: entry.conversationId,
    conversationStartedAt: entry.conversationStartedAt,
    storyfileId: entry.storyfileId,
    storyfileName: entry.storyfileName,
    questionText: entry.questionText,
    decision: entry.decision,
    answerQuestionText: entry.answerQuestionText,
    media: entry.media,
    feedback: entry.feedback,
    createdAt: entry.createdAt,
  };
}
