import { sql, type SQL } from 'drizzle-orm';
import {
  formatTrialEndedMessage,
  formatTrialLimitMessage,
  TRIAL_REVOKED_MESSAGE,
} from '@conversa/contracts';
import { forbidden } from '../../http/errors.ts';
import type { Executor } from '../lists/index.ts';

/** What a caller is about to add to a trial organization that a limit counts. */
export type TrialAction =
  | { kind: 'storyfile'; namespaceId: string }
  | { kind: 'answer'; storyfileId: string; questionId: string };

export type TrialDecision = { ok: true } | { ok: false; message: string };

type TrialRow = {
  namespace_id: string;
  status: 'trial' | 'converted' | 'revoked';
  trial_ends_at: Date | string;
  storyfile_limit: number | null;
  recorded_answer_limit: number | null;
};

const ALLOW: TrialDecision = { ok: true };

/**
 * What a trial's limits count, in the SQL of the modules that own it (storyfiles, uploads, media
 * sit above promo-codes and call the guard, so they hand their data in: the assembly passes
 * media's `trialUsage`). Each function returns a scalar subquery or, for `answeredQuestions`, a
 * relation with one `question_id` column.
 */
export interface TrialUsage {
  /** Live storyfiles of an organization: what the storyfile limit counts. */
  countStoryfiles(namespaceId: SQL): SQL;
  /**
   * Questions of the organization's live storyfiles that hold a recorded answer, or will once an
   * answer upload in flight is processed: what the recorded-answer limit counts. Counting the
   * uploads in flight is what stops two parallel uploads from passing the limit together; a
   * question counts once however many takes it has.
   */
  answeredQuestions(namespaceId: SQL): SQL;
  /** The organization a storyfile belongs to. */
  namespaceOfStoryfile(storyfileId: string): SQL;
}

/** Recorded answers of an organization, in flight included (see `TrialUsage.answeredQuestions`). */
export const countRecordedAnswersSql = (usage: TrialUsage, namespaceId: SQL) =>
  sql`(select count(*)::int from ${usage.answeredQuestions(namespaceId)} answered)`;

/**
 * A running trial's limits: organizations without a redemption, converted ones, and ended or
 * revoked ones (which the gateway's read-only guard refuses before any service runs, see
 * http/read-only-guard.ts) are not counted here. With `lock`, the redemption row is locked, so
 * creates in the caller's transaction cannot race each other past a limit.
 */
export async function checkTrialAllows(
  tx: Executor,
  usage: TrialUsage,
  action: TrialAction,
  options: { lock?: boolean } = {},
): Promise<TrialDecision> {
  const namespace =
    action.kind === 'storyfile'
      ? sql`${action.namespaceId}::uuid`
      : usage.namespaceOfStoryfile(action.storyfileId);
  const result = await tx.execute<TrialRow>(sql`
    select namespace_id, status, trial_ends_at, storyfile_limit, recorded_answer_limit
    from promo_redemptions where namespace_id = ${namespace} and status = 'trial'
    ${options.lock ? sql`for update` : sql``}`);
  const trial = result.rows[0];
  if (!trial) {
    return ALLOW;
  }
  if (action.kind === 'storyfile' && trial.storyfile_limit !== null) {
    const count = await tx.execute<{ n: number }>(
      sql`select ${usage.countStoryfiles(sql`${trial.namespace_id}`)} as n`,
    );
    if (count.rows[0]!.n >= trial.storyfile_limit) {
      return { ok: false, message: formatTrialLimitMessage('storyfiles', trial.storyfile_limit) };
    }
  }
  if (action.kind === 'answer' && trial.recorded_answer_limit !== null) {
    // Replacing a question's answer (or uploading another take) adds no recorded answer.
    const trialNamespace = sql`${trial.namespace_id}`;
    const count = await tx.execute<{ n: number; has_answer: boolean }>(sql`
      select ${countRecordedAnswersSql(usage, trialNamespace)} as n,
        exists (select 1 from ${usage.answeredQuestions(trialNamespace)} answered
          where answered.question_id = ${action.questionId}) as has_answer`);
    const row = count.rows[0]!;
    if (!row.has_answer && row.n >= trial.recorded_answer_limit) {
      return {
        ok: false,
        message: formatTrialLimitMessage('recorded answers', trial.recorded_answer_limit),
      };
    }
  }
  return ALLOW;
}

/** `checkTrialAllows` for services that answer with an error: a refusal is a 403 with its words. */
export async function assertTrialAllows(
  tx: Executor,
  usage: TrialUsage,
  action: TrialAction,
  options: { lock?: boolean } = {},
): Promise<void> {
  const decision = await checkTrialAllows(tx, usage, action, options);
  if (!decision.ok) {
    throw forbidden(decision.message);
  }
}

/**
 * Organizations among `namespaceIds` whose trial ended or was revoked, each with the sentence a
 * refused write answers: the gateway's read-only guard (http/read-only-guard.ts) asks this for
 * every write of a signed-in user, so one indexed query per write.
 */
export async function findReadOnlyOrganizations(
  db: Executor,
  namespaceIds: readonly string[],
): Promise<Map<string, string>> {
  const readOnly = new Map<string, string>();
  if (namespaceIds.length === 0) {
    return readOnly;
  }
  const ids = sql.join(
    namespaceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<{
    namespace_id: string;
    status: string;
    trial_ends_at: Date | string;
  }>(sql`
    select namespace_id, status, trial_ends_at from promo_redemptions
    where namespace_id::text in (${ids})
      and (status = 'revoked' or (status = 'trial' and trial_ends_at <= now()))`);
  for (const row of result.rows) {
    readOnly.set(
      row.namespace_id,
      row.status === 'revoked'
        ? TRIAL_REVOKED_MESSAGE
        : formatTrialEndedMessage(new Date(row.trial_ends_at)),
    );
  }
  return readOnly;
}

/**
 * Trial-driven product-access flags of a user's organizations (spec §6): the trial flag is on
 * while a redemption's trial runs; a converted client's members get conversa-studio.
 */
export async function getTrialFlags(
  db: Executor,
  namespaceIds: readonly string[],
): Promise<{ isTrialEnabled: boolean; isStudioEnabled: boolean }> {
  if (namespaceIds.length === 0) {
    return { isTrialEnabled: false, isStudioEnabled: false };
  }
  const ids = sql.join(
    namespaceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<{ trial: boolean | null; converted: boolean | null }>(sql`
    select bool_or(status = 'trial' and trial_ends_at > now()) as trial,
      bool_or(status = 'converted') as converted
    from promo_redemptions where namespace_id::text in (${ids})`);
  const row = result.rows[0];
  return { isTrialEnabled: row?.trial === true, isStudioEnabled: row?.converted === true };
}

/**
 * The running trials among `namespaceIds` (begun, not ended, not revoked or converted), each with
 * its storyfile limit and the live storyfiles that limit counts: what auth/me tells the New
 * storyfile form, so a trial learns its limit before filling it.
 */
export async function listRunningTrialStoryfiles(
  db: Executor,
  usage: Pick<TrialUsage, 'countStoryfiles'>,
  namespaceIds: readonly string[],
): Promise<Map<string, { storyfileLimit: number | null; storyfileCount: number }>> {
  const trials = new Map<string, { storyfileLimit: number | null; storyfileCount: number }>();
  if (namespaceIds.length === 0) {
    return trials;
  }
  const ids = sql.join(
    namespaceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<{
    namespace_id: string;
    storyfile_limit: number | null;
    storyfile_count: number;
  }>(sql`
    select r.namespace_id, r.storyfile_limit,
      ${usage.countStoryfiles(sql`r.namespace_id`)} as storyfile_count
    from promo_redemptions r
    where r.namespace_id::text in (${ids}) and r.status = 'trial' and r.trial_ends_at > now()`);
  for (const row of result.rows) {
    trials.set(row.namespace_id, {
      storyfileLimit: row.storyfile_limit,
      storyfileCount: row.storyfile_count,
    });
  }
  return trials;
}
