import { sql } from 'drizzle-orm';
import {
  formatTrialEndedMessage,
  formatTrialLimitMessage,
  TRIAL_REVOKED_MESSAGE,
} from '@conversa/contracts';
import { forbidden } from '../../http/errors.ts';
import type { Executor } from '../lists/index.ts';

/** What a caller is about to add to an organization. */
export type TrialAction =
  | { kind: 'storyfile'; namespaceId: string }
  | { kind: 'answer'; storyfileId: string; questionId: string }
  | { kind: 'clip'; storyfileId: string };

export type TrialDecision = { ok: true } | { ok: false; message: string };

type TrialRow = {
  namespace_id: string;
  status: 'trial' | 'converted' | 'revoked';
  trial_ends_at: Date | string;
  storyfile_limit: number | null;
  recorded_answer_limit: number | null;
};

const ALLOW: TrialDecision = { ok: true };

/** Live storyfiles of an organization: what the storyfile limit counts. */
export const countStoryfilesSql = (namespaceId: unknown) =>
  sql`(select count(*)::int from storyfiles s where s.namespace_id = ${namespaceId} and s.deleted_at is null)`;

/** Answer videos on the live storyfiles of an organization: what the recorded-answer limit counts. */
export const countRecordedAnswersSql = (namespaceId: unknown) =>
  sql`(select count(*)::int from media_assets m join storyfiles s on s.id = m.storyfile_id
    where s.namespace_id = ${namespaceId} and s.deleted_at is null and m.storyfile_question_id is not null)`;

/**
 * The one place trial rules are enforced: organizations without a redemption, and converted ones,
 * may do anything their roles allow. A trial that ended (or was revoked) leaves the organization
 * read-only; a running trial refuses a create past its limits. With `lock`, the redemption row is
 * locked, so creates in the caller's transaction cannot race each other past a limit.
 */
export async function checkTrialAllows(
  tx: Executor,
  action: TrialAction,
  options: { lock?: boolean } = {},
): Promise<TrialDecision> {
  const namespace =
    action.kind === 'storyfile'
      ? sql`${action.namespaceId}::uuid`
      : sql`(select namespace_id from storyfiles where id = ${action.storyfileId})`;
  const result = await tx.execute<TrialRow>(sql`
    select namespace_id, status, trial_ends_at, storyfile_limit, recorded_answer_limit
    from promo_redemptions where namespace_id = ${namespace}
    ${options.lock ? sql`for update` : sql``}`);
  const trial = result.rows[0];
  if (!trial || trial.status === 'converted') {
    return ALLOW;
  }
  if (trial.status === 'revoked') {
    return { ok: false, message: TRIAL_REVOKED_MESSAGE };
  }
  const endsAt = new Date(trial.trial_ends_at);
  if (endsAt.getTime() <= Date.now()) {
    return { ok: false, message: formatTrialEndedMessage(endsAt) };
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
    // Replacing a question's answer adds no recorded answer.
    const count = await tx.execute<{ n: number; has_answer: boolean }>(sql`
      select ${countRecordedAnswersSql(trial.namespace_id)} as n,
        exists (select 1 from media_assets where storyfile_question_id = ${action.questionId}) as has_answer`);
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
