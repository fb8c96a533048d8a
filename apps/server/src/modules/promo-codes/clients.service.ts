import { sql } from 'drizzle-orm';
import {
  PROMO_CLIENT_CONVERTED_MESSAGE,
  PROMO_CLIENT_NOT_FOUND_MESSAGE,
  PROMO_CLIENT_REVOKED_MESSAGE,
  type CurrentUser,
  type PromoClient,
  type PromoClientStatus,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordAuditEvent } from '../accounts/index.ts';
import { toIsoTimestamp, type Executor } from '../lists/index.ts';
import { countRecordedAnswersSql, type TrialUsage } from './trial-guard.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';

type ClientRow = {
  id: string;
  namespace_id: string;
  namespace_label: string;
  code: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  redeemed_at: Date | string;
  trial_ends_at: Date | string;
  status: 'trial' | 'converted' | 'revoked';
  email_verified_at: Date | string | null;
  verification_link: string | null;
  storyfile_limit: number | null;
  recorded_answer_limit: number | null;
  storyfiles: number;
  recorded_answers: number;
};

/** `trial` reads as expired once its end has passed; converted and revoked are stored. */
function readStatus(row: Pick<ClientRow, 'status' | 'trial_ends_at'>): PromoClientStatus {
  if (row.status === 'trial' && new Date(row.trial_ends_at).getTime() <= Date.now()) {
    return 'expired';
  }
  return row.status;
}

const selectClients = (usage: TrialUsage) => sql`select r.id, r.namespace_id,
    n.label as namespace_label, c.code, r.email, u.first_name, u.last_name, r.redeemed_at,
    r.trial_ends_at, r.status, r.email_verified_at, r.verification_link, r.storyfile_limit,
    r.recorded_answer_limit,
    ${usage.countStoryfiles(sql`r.namespace_id`)} as storyfiles,
    ${countRecordedAnswersSql(usage, sql`r.namespace_id`)} as recorded_answers
  from promo_redemptions r
  join ${namespaces} n on n.id = r.namespace_id
  join promo_codes c on c.id = r.promo_code_id
  left join ${users} u on u.id = r.user_id`;

function present(row: ClientRow): PromoClient {
  return {
    id: row.id,
    organizationId: row.namespace_id,
    organizationLabel: row.namespace_label,
    code: row.code,
    ownerEmail: row.email,
    ownerName: [row.first_name, row.last_name].filter(Boolean).join(' '),
    redeemedAt: toIsoTimestamp(row.redeemed_at),
    trialEndsAt: toIsoTimestamp(row.trial_ends_at),
    status: readStatus(row),
    isEmailVerified: row.email_verified_at !== null,
    verificationLink: row.email_verified_at === null ? row.verification_link : null,
    usage: {
      storyfiles: row.storyfiles,
      storyfileLimit: row.storyfile_limit,
      recordedAnswers: row.recorded_answers,
      recordedAnswerLimit: row.recorded_answer_limit,
    },
  };
}

export async function listPromoClients(
  db: Database,
  usage: TrialUsage,
  query: { status?: PromoClientStatus | undefined },
): Promise<PromoClient[]> {
  const result = await db.execute<ClientRow>(
    sql`${selectClients(usage)} order by r.redeemed_at desc, r.id`,
  );
  const items = result.rows.map(present);
  return query.status ? items.filter((item) => item.status === query.status) : items;
}

async function readClient(
  tx: Executor,
  usage: TrialUsage,
  id: string,
  lock = false,
): Promise<PromoClient> {
  if (lock) {
    await tx.execute(sql`select id from promo_redemptions where id = ${id} for update`);
  }
  const result = await tx.execute<ClientRow>(sql`${selectClients(usage)} where r.id = ${id}`);
  const row = result.rows[0];
  if (!row) {
    throw notFound(PROMO_CLIENT_NOT_FOUND_MESSAGE);
  }
  return present(row);
}

export type ClientAction =
  { kind: 'extend'; days: number } | { kind: 'convert' } | { kind: 'end' } | { kind: 'revoke' };

const snapshot = (client: PromoClient) => ({
  status: client.status,
  trialEndsAt: client.trialEndsAt,
});

/**
 * An admin's action on a client, audited in the same transaction. Converted and revoked clients
 * take no further trial actions (a revoked client may still be converted: that is how a person
 * whose redemption was withdrawn becomes a customer).
 */
export async function actOnPromoClient(
  db: Database,
  usage: TrialUsage,
  user: CurrentUser,
  id: string,
  action: ClientAction,
): Promise<PromoClient> {
  return db.transaction(async (tx) => {
    const before = await readClient(tx, usage, id, true);
    if (before.status === 'converted') {
      throw conflict(PROMO_CLIENT_CONVERTED_MESSAGE);
    }
    if (before.status === 'revoked' && action.kind !== 'convert') {
      throw conflict(PROMO_CLIENT_REVOKED_MESSAGE);
    }
    switch (action.kind) {
      case 'extend':
        // An ended trial is extended from now: the client gets the days they were given.
        await tx.execute(sql`update promo_redemptions
          set trial_ends_at = greatest(trial_ends_at, now()) + make_interval(days => ${action.days}),
            updated_at = now() where id = ${id}`);
        break;
      case 'convert':
        await tx.execute(sql`update promo_redemptions set status = 'converted', updated_at = now()
          where id = ${id}`);
        break;
      case 'end':
        await tx.execute(sql`update promo_redemptions
          set trial_ends_at = least(trial_ends_at, now()), updated_at = now() where id = ${id}`);
        break;
      case 'revoke':
        // The code gets its use back; the row stays, so the person cannot redeem the code again.
        await tx.execute(sql`update promo_redemptions set status = 'revoked', updated_at = now()
          where id = ${id}`);
        await tx.execute(sql`update promo_codes set redemption_count = redemption_count - 1,
            updated_at = now()
          where id = (select promo_code_id from promo_redemptions where id = ${id})
            and redemption_count > 0`);
        break;
    }
    const after = await readClient(tx, usage, id);
    await recordAuditEvent(tx, user, {
      organization: { id: after.organizationId, label: after.organizationLabel },
      action: `promo_client.${action.kind}`,
      targetType: 'namespace',
      targetId: after.organizationId,
      targetLabel: after.organizationLabel,
      before: snapshot(before),
      after: action.kind === 'extend' ? { ...snapshot(after), days: action.days } : snapshot(after),
    });
    return after;
  });
}
