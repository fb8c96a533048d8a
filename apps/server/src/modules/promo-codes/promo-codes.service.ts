import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  GENERATED_PROMO_CODE_LENGTH,
  PROMO_CODE_RECORD_NOT_FOUND_MESSAGE,
  PROMO_CODE_REDEEMED_DELETE_MESSAGE,
  PROMO_CODE_TAKEN_MESSAGE,
  PROMO_TRIAL_GROUP,
  type CreatePromoCodeBody,
  type CurrentUser,
  type PromoCode,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { promoCodes } from './promo-codes.tables.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordAuditEvent } from '../accounts/index.ts';
import { isUniqueViolation, toIsoTimestamp, type Executor } from '../lists/index.ts';

// No 0/O, 1/I/L: people read codes aloud and type them from paper.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A random code of unambiguous letters and digits. */
export function generatePromoCode(): string {
  let code = '';
  for (let index = 0; index < GENERATED_PROMO_CODE_LENGTH; index += 1) {
    code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  }
  return code;
}

type CodeRow = {
  id: string;
  code: string;
  description: string;
  trial_days: number;
  storyfile_limit: number | null;
  recorded_answer_limit: number | null;
  max_redemptions: number | null;
  redemption_count: number;
  total_redemptions: number;
  expires_at: Date | string | null;
  is_active: boolean;
  created_at: Date | string;
};

const selectCodes = sql`select c.id, c.code, c.description, c.trial_days, c.storyfile_limit,
    c.recorded_answer_limit, c.max_redemptions, c.redemption_count, c.expires_at, c.is_active,
    c.created_at,
    (select count(*)::int from promo_redemptions r where r.promo_code_id = c.id) as total_redemptions
  from promo_codes c`;

function present(row: CodeRow): PromoCode {
  const expiresAt = row.expires_at === null ? null : new Date(row.expires_at);
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    grantsGroup: PROMO_TRIAL_GROUP,
    trialDays: row.trial_days,
    storyfileLimit: row.storyfile_limit,
    recordedAnswerLimit: row.recorded_answer_limit,
    maxRedemptions: row.max_redemptions,
    redemptionCount: row.redemption_count,
    totalRedemptions: row.total_redemptions,
    remainingUses:
      row.max_redemptions === null ? null : Math.max(0, row.max_redemptions - row.redemption_count),
    expiresAt: expiresAt?.toISOString() ?? null,
    isExpired: expiresAt !== null && expiresAt.getTime() <= Date.now(),
    isActive: row.is_active,
    createdAt: toIsoTimestamp(row.created_at),
  };
}

async function readCode(tx: Executor, id: string): Promise<PromoCode> {
  const result = await tx.execute<CodeRow>(sql`${selectCodes} where c.id = ${id}`);
  const row = result.rows[0];
  if (!row) {
    throw notFound(PROMO_CODE_RECORD_NOT_FOUND_MESSAGE);
  }
  return present(row);
}

export async function listPromoCodes(db: Database): Promise<PromoCode[]> {
  const result = await db.execute<CodeRow>(sql`${selectCodes} order by c.created_at desc, c.id`);
  return result.rows.map(present);
}

const auditCode = (code: PromoCode) => ({
  organization: null,
  targetType: 'promo_code',
  targetId: code.id,
  targetLabel: code.code,
});

export async function createPromoCode(
  db: Database,
  user: CurrentUser,
  body: CreatePromoCodeBody,
): Promise<PromoCode> {
  const isGiven = Boolean(body.code);
  // A generated code that happens to exist is drawn again; a given one is refused.
  for (let attempt = 0; ; attempt += 1) {
    const code = body.code || generatePromoCode();
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(promoCodes)
          .values({
            code,
            description: body.description,
            trialDays: body.trialDays,
            storyfileLimit: body.storyfileLimit,
            recordedAnswerLimit: body.recordedAnswerLimit,
            maxRedemptions: body.maxRedemptions,
            expiresAt: body.expiresAt === null ? null : new Date(body.expiresAt),
            createdBy: user.iam,
          })
          .returning({ id: promoCodes.id });
        const created = await readCode(tx, row!.id);
        await recordAuditEvent(tx, user, {
          ...auditCode(created),
          action: 'promo_code.create',
          after: { ...body, code },
        });
        return created;
      });
    } catch (error) {
      if (!isUniqueViolation(error, 'promo_codes_code_lower_key')) {
        throw error;
      }
      if (isGiven || attempt >= 5) {
        throw conflict(PROMO_CODE_TAKEN_MESSAGE);
      }
    }
  }
}

export async function updatePromoCode(
  db: Database,
  user: CurrentUser,
  id: string,
  body: { isActive?: boolean; expiresAt?: string | null; maxRedemptions?: number | null },
): Promise<PromoCode> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id from promo_codes where id = ${id} for update`);
    if (locked.rows.length === 0) {
      throw notFound(PROMO_CODE_RECORD_NOT_FOUND_MESSAGE);
    }
    const before = await readCode(tx, id);
    if (
      body.maxRedemptions !== undefined &&
      body.maxRedemptions !== null &&
      body.maxRedemptions < before.redemptionCount
    ) {
      throw conflict(
        `This promo code has already been redeemed ${before.redemptionCount} times; the maximum cannot be lower.`,
      );
    }
    await tx
      .update(promoCodes)
      .set({
        ...(body.isActive === undefined ? {} : { isActive: body.isActive }),
        ...(body.expiresAt === undefined
          ? {}
          : { expiresAt: body.expiresAt === null ? null : new Date(body.expiresAt) }),
        ...(body.maxRedemptions === undefined ? {} : { maxRedemptions: body.maxRedemptions }),
        updatedAt: new Date(),
      })
      .where(sql`${promoCodes.id} = ${id}`);
    const after = await readCode(tx, id);
    await recordAuditEvent(tx, user, {
      ...auditCode(after),
      action: 'promo_code.update',
      before: {
        isActive: before.isActive,
        expiresAt: before.expiresAt,
        maxRedemptions: before.maxRedemptions,
      },
      after: {
        isActive: after.isActive,
        expiresAt: after.expiresAt,
        maxRedemptions: after.maxRedemptions,
      },
    });
    return after;
  });
}

/** Only a code nobody ever redeemed can go; a redeemed one stays (switched off) for the record. */
export async function deletePromoCode(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id from promo_codes where id = ${id} for update`);
    if (locked.rows.length === 0) {
      throw notFound(PROMO_CODE_RECORD_NOT_FOUND_MESSAGE);
    }
    const code = await readCode(tx, id);
    if (code.totalRedemptions > 0) {
      throw conflict(PROMO_CODE_REDEEMED_DELETE_MESSAGE);
    }
    await tx.delete(promoCodes).where(sql`${promoCodes.id} = ${id}`);
    await recordAuditEvent(tx, user, {
      ...auditCode(code),
      action: 'promo_code.delete',
      before: { code: code.code },
    });
    return { id };
  });
}
