import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  escapeHtml,
  formatPromoCodeExpiredMessage,
  PROMO_ALREADY_REDEEMED_MESSAGE,
  PROMO_CODE_EXHAUSTED_MESSAGE,
  PROMO_CODE_INACTIVE_MESSAGE,
  PROMO_CODE_NOT_FOUND_MESSAGE,
  PROMO_CODE_REDEEMED_DELETE_MESSAGE,
  PROMO_CODE_TAKEN_MESSAGE,
  PROMO_EMAIL_IN_USE_MESSAGE,
  type PromoCode,
} from '@conversa/contracts';
import { ADMIN_REQUIRED, startPromoStudio, type PromoKit } from '../../../test/promo.fixtures.ts';
import { ApiClient } from '../../../test/storyfile.fixtures.ts';
import { TestBrowser, type TestStudio } from '../../../test/studio.ts';

// Promo codes (spec: trial sign-up) against a real studio and PostgreSQL: made by platform admins
// only, with their limits kept under concurrent redemption.

let kit: PromoKit;
let studio: TestStudio;
let admin: ApiClient;

beforeAll(async () => {
  kit = await startPromoStudio();
  ({ studio, admin } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('promo codes', () => {
  it('creates given and generated codes and refuses a taken one', async () => {
    const given = await kit.createCode({ code: 'Spring-2026', maxRedemptions: 3 });
    expect(given).toMatchObject({
      code: 'Spring-2026',
      grantsGroup: 'conversa-studio-free-trial',
      trialDays: 14,
      storyfileLimit: 1,
      recordedAnswerLimit: 33,
      redemptionCount: 0,
      remainingUses: 3,
      isActive: true,
    });
    const generated = await kit.createCode();
    expect(generated.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(generated.remainingUses).toBeNull();
    const taken = await admin.post('/v1/conversa/promo-codes', { code: 'spring-2026' });
    expect(taken).toMatchObject({ status: 409, body: { message: PROMO_CODE_TAKEN_MESSAGE } });
  });

  it('answers a clear message for an unknown, inactive or expired code', async () => {
    const unknown = await kit.signUp({ code: 'NO-SUCH-CODE', email: kit.nextEmail() });
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain(escapeHtml(PROMO_CODE_NOT_FOUND_MESSAGE));

    const inactive = await kit.createCode();
    await admin.expectStatus(200, 'PATCH', `/v1/conversa/promo-codes/${inactive.id}`, {
      isActive: false,
    });
    const off = await kit.signUp({ code: inactive.code, email: kit.nextEmail() });
    expect(off.html).toContain(escapeHtml(PROMO_CODE_INACTIVE_MESSAGE));

    const expiresAt = new Date(Date.now() - 60_000);
    const expired = await kit.createCode({ expiresAt: expiresAt.toISOString() });
    expect(expired.isExpired).toBe(true);
    const late = await kit.signUp({ code: expired.code, email: kit.nextEmail() });
    expect(late.html).toContain(escapeHtml(formatPromoCodeExpiredMessage(expiresAt)));
  });

  it('keeps the overall limit, one redemption per person, and refuses an email in use', async () => {
    const code = await kit.createCode({ maxRedemptions: 2 });
    const first = kit.nextEmail();
    expect((await kit.signUp({ code: code.code, email: first })).status).toBe(201);
    const again = await kit.signUp({ code: code.code, email: first.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.html).toContain(escapeHtml(PROMO_ALREADY_REDEEMED_MESSAGE));
    const inUse = await kit.signUp({ code: code.code, email: 'admin@example.com' });
    expect(inUse.html).toContain(escapeHtml(PROMO_EMAIL_IN_USE_MESSAGE));
    expect((await kit.signUp({ code: code.code, email: kit.nextEmail() })).status).toBe(201);
    const exhausted = await kit.signUp({ code: code.code, email: kit.nextEmail() });
    expect(exhausted.status).toBe(400);
    expect(exhausted.html).toContain(escapeHtml(PROMO_CODE_EXHAUSTED_MESSAGE));

    const list = await admin.get<{ items: PromoCode[] }>('/v1/conversa/promo-codes');
    expect(list.body.items.find((item) => item.id === code.id)).toMatchObject({
      redemptionCount: 2,
      totalRedemptions: 2,
      remainingUses: 0,
    });
    // Redeemed: never deleted, only switched off.
    const deleted = await admin.delete(`/v1/conversa/promo-codes/${code.id}`);
    expect(deleted).toMatchObject({
      status: 409,
      body: { message: PROMO_CODE_REDEEMED_DELETE_MESSAGE },
    });
    const unused = await kit.createCode();
    await admin.expectStatus(200, 'DELETE', `/v1/conversa/promo-codes/${unused.id}`);
  });

  it('gives the last use to exactly one of two people redeeming at once', async () => {
    const code = await kit.createCode({ maxRedemptions: 1 });
    const results = await Promise.all([
      kit.signUp({ code: code.code, email: kit.nextEmail() }),
      kit.signUp({ code: code.code, email: kit.nextEmail() }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 400]);
    expect(results.find((result) => result.status === 400)!.html).toContain(
      escapeHtml(PROMO_CODE_EXHAUSTED_MESSAGE),
    );
    const rows = await studio.database.db.execute<{ n: number; count: number }>(sql`
      select (select count(*)::int from promo_redemptions where promo_code_id = ${code.id}) as n,
        redemption_count as count from promo_codes where id = ${code.id}`);
    expect(rows.rows[0]).toEqual({ n: 1, count: 1 });
  });

  it('refuses non-admins every promo-code call', async () => {
    const code = await kit.createCode();
    const { api, client } = await kit.redeem(code.code);
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/conversa/promo-codes'],
      ['POST', '/v1/conversa/promo-codes', {}],
      ['PATCH', `/v1/conversa/promo-codes/${code.id}`, { isActive: false }],
      ['DELETE', `/v1/conversa/promo-codes/${code.id}`],
      ['GET', '/v1/conversa/promo-codes/clients'],
      ['POST', `/v1/conversa/promo-codes/clients/${client.id}/extend`, { days: 30 }],
      ['POST', `/v1/conversa/promo-codes/clients/${client.id}/convert`],
      ['POST', `/v1/conversa/promo-codes/clients/${client.id}/end`],
      ['POST', `/v1/conversa/promo-codes/clients/${client.id}/revoke`],
    ];
    for (const [method, path, body] of calls) {
      const answer = await api.call(method, path, body);
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: ADMIN_REQUIRED },
      });
      const anonymous = await new ApiClient(new TestBrowser(studio.baseUrl)).call(
        method,
        path,
        body,
      );
      expect(anonymous.status, `${method} ${path} signed out`).toBe(401);
    }
    expect((await kit.findClient(client.ownerEmail)).status).toBe('trial');
  });
});
