import { sql } from 'drizzle-orm';
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

// A known debt (ARCHITECTURE.md, "Tables"): the trial guard names storyfiles', uploads' and media's
// tables bare, because those modules call it (they sit above promo-codes) and an import of their
// tables would run back up. The fix is an interface the assembly hands in, which changes the
// guard's callers (storyfiles.service.ts, upload-intake.ts).
/* eslint-disable studio/own-tables */

/** Live storyfiles of an organization: what the storyfile limit counts. */
export const countStoryfilesSql = (namespaceId: unknown) =>
  sql`(select count(*)::int from storyfiles s where s.namespace_id = ${namespaceId} and s.deleted_at is null)`;

/**
 * Questions of the organization's live storyfiles that hold a recorded answer, or will once an
 * answer upload in flight (started, not finished, failed or cancelled) is processed: what the
 * recorded-answer limit counts. Counting the uploads in flight is what stops two parallel uploads
 * from passing the limit together; a question counts once however many takes it has.
 */
export const answeredQuestionsSql = (namespaceId: unknown) => sql`(
    select m.storyfile_question_id as question_id from media_assets m
      join storyfiles s on s.id = m.storyfile_id
      where s.namespace_id = ${namespaceId} and s.deleted_at is null
        and m.storyfile_question_id is not null
    union
    select u.storyfile_question_id from uploads u
      join storyfiles s on s.id = u.storyfile_id
      where s.namespace_id = ${namespaceId} and s.deleted_at is null and u.kind = 'answer'
        and u.phase in ('uploading', 'processing'))`;

/** Recorded answers of an organization, in flight included (see answeredQuestionsSql). */
export const countRecordedAnswersSql = (namespaceId: unknown) =>
  sql`(select count(*)::int from ${answeredQuestionsSql(namespaceId)} answered)`;

/* eslint-enable studio/own-tables */

/**
 * A running trial's limits: organizations without a redemption, converted ones, and ended or
 * revoked ones (which the gateway's read-only guard refuses before any service runs, see
 * http/read-only-guard.ts) are not counted here. With `lock`, the redemption row is locked, so
 * creates in the caller's transaction cannot race each other past a limit.
 */
export async function checkTrialAllows(
  tx: Executor,
  action: TrialAction,
  options: { lock?: boolean } = {},
): Promise<TrialDecision> {
  const namespace =
    action.kind === 'storyfile'
      ? sql`${action.namespaceId}::uuid`
      : // eslint-disable-next-line studio/own-tables -- the known debt above
        sql`(select namespace_id from storyfiles where id = ${action.storyfileId})`;
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
      sql`select ${countStoryfilesSql(trial.namespace_id)} as n`,
    );
    if (count.rows[0]!.n >= trial.storyfile_limit) {
      return { ok: false, message: formatTrialLimitMessage('storyfiles', trial.storyfile_limit) };
    }
  }
  if (action.kind === 'answer' && trial.recorded_answer_limit !== null) {
    // Replacing a question's answer (or uploading another take) adds no recorded answer.
    const count = await tx.execute<{ n: number; has_answer: boolean }>(sql`
      select ${countRecordedAnswersSql(trial.namespace_id)} as n,
        exists (select 1 from ${answeredQuestionsSql(trial.namespace_id)} answered
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
  action: TrialAction,
  options: { lock?: boolean } = {},
): Promise<void> {
  const decision = await checkTrialAllows(tx, action, options);
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
