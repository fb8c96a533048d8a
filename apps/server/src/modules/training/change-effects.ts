import { sql } from 'drizzle-orm';
import { MAX_EFFECT_STORYFILES, type ChangeEffect, type ReviewPreview } from '@conversa/contracts';
import {
  getTrainedStoryfileMatcher,
  type ConversationEngine,
  type StoryfileMatcher,
} from '../conversations/index.ts';
import { chatLogEntries } from '../conversations/conversations.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { comparePastQuestions, loadPastQuestions, type MatcherTrial } from './past-questions.ts';

/**
 * The one preview every training change gets (issue 28: correct match, alternates, record queue,
 * categories, words, threshold): the storyfile's past questions asked of its matcher as it is and
 * as the change would leave it (`comparePastQuestions`), the automatic threshold recalibrating as it
 * will, so a question that would lose its answer is counted and listed whatever the change.
 */
export async function previewStoryfileChange(
  engine: ConversationEngine,
  storyfileId: string,
  makeTrial: (current: StoryfileMatcher) => MatcherTrial,
  options: { spokenOnly?: boolean } = {},
): Promise<ReviewPreview> {
  const [current, past] = await Promise.all([
    getTrainedStoryfileMatcher(engine, storyfileId),
    loadPastQuestions(engine.db, storyfileId, options),
  ]);
  return comparePastQuestions(current, makeTrial(current), past).preview;
}

export interface ReachedStoryfile {
  id: string;
  name: string;
}

/**
 * The storyfiles a namespace's vocabulary reaches: the one given (a storyfile's own category), else
 * the namespace's live storyfiles; only those with logged questions (nothing to preview
 * otherwise), the most recently asked first, at most `MAX_EFFECT_STORYFILES`.
 */
export async function listReachedStoryfiles(
  engine: ConversationEngine,
  namespaceId: string,
  storyfileId: string | null,
): Promise<ReachedStoryfile[]> {
  const only = storyfileId === null ? sql`` : sql`and s.id = ${storyfileId}`;
  const result = await engine.db.execute<{ id: string; name: string }>(sql`
    select s.id, s.name from ${storyfiles} s
    cross join lateral (select max(e.created_at) as last_asked from ${chatLogEntries} e
                        where e.storyfile_id = s.id) asked
    where s.namespace_id = ${namespaceId} and s.deleted_at is null ${only}
      and asked.last_asked is not null
    order by asked.last_asked desc, s.id
    limit ${MAX_EFFECT_STORYFILES}`);
  return result.rows;
}

/** The preview of a namespace-wide change on each storyfile it reaches, one after the other. */
export async function previewNamespaceChange(
  engine: ConversationEngine,
  reached: readonly ReachedStoryfile[],
  makeTrial: (current: StoryfileMatcher) => MatcherTrial,
  options: { spokenOnly?: boolean } = {},
): Promise<ChangeEffect> {
  const effect: ChangeEffect = { storyfiles: [] };
  for (const storyfile of reached) {
    const preview = await previewStoryfileChange(engine, storyfile.id, makeTrial, options);
    effect.storyfiles.push({ storyfileId: storyfile.id, storyfileName: storyfile.name, preview });
  }
  return effect;
}
