import { sql } from 'drizzle-orm';
import { CLIP_KINDS, type ClipKind, type TrainingOverview } from '@conversa/contracts';
import { getTrainedStoryfileMatcher, type ConversationEngine } from '../conversations/index.ts';
import { listReviewClusters } from './clusters.service.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { storyfileQuestions } from '../storyfiles/storyfiles.tables.ts';
import { chatLogEntries } from '../conversations/conversations.tables.ts';

/** The numbers the Instructions checklist reads, for one storyfile. */
export async function getTrainingOverview(
  engine: ConversationEngine,
  storyfileId: string,
): Promise<TrainingOverview> {
  const { db } = engine;
  const [questions, clips, coverage, open, clusters, { matcher }] = await Promise.all([
    db.execute<{ total: number; unrecorded: number; queued: number }>(sql`
      select count(*)::int as total,
        count(*) filter (where not exists (select 1 from ${mediaAssets} m
          where m.storyfile_question_id = q.id and m.files ? 'video'))::int as unrecorded,
        count(*) filter (where q.queued_to_record_at is not null and not exists (
          select 1 from ${mediaAssets} m where m.storyfile_question_id = q.id and m.files ? 'video'))::int as queued
      from ${storyfileQuestions} q where q.storyfile_id = ${storyfileId}`),
    db.execute<{ clip_kind: ClipKind }>(sql`
      select distinct clip_kind from ${mediaAssets}
      where storyfile_id = ${storyfileId} and clip_kind is not null and files ? 'video'`),
    db.execute<{ days: number; asked: number; answered: number; fell_back: number }>(sql`
      select d.days, count(e.id)::int as asked,
        count(e.id) filter (where e.decision = 'answered')::int as answered,
        count(e.id) filter (where e.decision = 'fallback')::int as fell_back
      from (values (7), (30)) as d(days)
      left join ${chatLogEntries} e on e.storyfile_id = ${storyfileId}
        and e.created_at >= now() - make_interval(days => d.days)
      group by d.days order by d.days`),
    db.execute<{ open: number }>(sql`
      select count(*)::int as open from ${chatLogEntries}
      where storyfile_id = ${storyfileId} and review_state = 'new'`),
    listReviewClusters(engine, storyfileId),
    getTrainedStoryfileMatcher(engine, storyfileId),
  ]);
  const recordedClips = new Set(clips.rows.map((row) => row.clip_kind));
  const windows = coverage.rows.map((row) => ({
    days: row.days,
    asked: row.asked,
    answered: row.answered,
    fellBack: row.fell_back,
  }));
  const report = matcher.getThresholdReport();
  return {
    storyfileId,
    questionCount: questions.rows[0]?.total ?? 0,
    unrecordedCount: questions.rows[0]?.unrecorded ?? 0,
    queuedToRecordCount: questions.rows[0]?.queued ?? 0,
    missingClips: CLIP_KINDS.filter((kind) => !recordedClips.has(kind)),
    last7Days: windows[0]!,
    last30Days: windows[1]!,
    openReviewCount: open.rows[0]?.open ?? 0,
    openGroupCount: clusters.items.length,
    threshold: report.threshold,
    isThresholdAutomatic: report.source !== 'explicit',
  };
}
