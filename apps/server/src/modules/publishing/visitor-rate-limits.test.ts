import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE,
  PUBLIC_ASKS_PER_VISITOR_PER_MINUTE,
  STORYFILE_RATE_LIMIT_MESSAGE,
  VISITOR_RATE_LIMIT_MESSAGE,
} from '@conversa/contracts';
import { publicAskCounters } from './publishing.tables.ts';
import { deletePastVisitorCounters, STORYFILE_ASK_COUNTER_PREFIX } from './index.ts';
import { requestFrom } from '../../../test/studio.ts';
import {
  studio,
  storyfile,
  slug,
  MOVIE,
  visitor,
  publicAsk,
  publishStoryfile,
  setUpPublishingStudio,
} from '../../../test/publishing.fixtures.ts';

setUpPublishingStudio();
beforeAll(publishStoryfile);

describe('public asks: rate limits', () => {
  it(`answers 429 after ${PUBLIC_ASKS_PER_VISITOR_PER_MINUTE} asks a minute from one visitor`, async () => {
    const fast = await visitor();
    for (let index = 0; index < PUBLIC_ASKS_PER_VISITOR_PER_MINUTE; index += 1) {
      expect((await publicAsk(fast, { text: MOVIE })).status).toBe(200);
    }
    const limited = await publicAsk(fast, { text: MOVIE });
    expect(limited).toMatchObject({ status: 429, body: { message: VISITOR_RATE_LIMIT_MESSAGE } });
    // Another visitor (another computer: another client address) is answered.
    const other = await requestFrom(
      '127.0.0.2',
      `${studio.baseUrl}/v1/conversa/public/storyfiles/${slug}/ask`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-system-id': 'conversa-studio-web' },
        body: JSON.stringify({ text: MOVIE }),
      },
    );
    expect(other.status, other.text).toBe(200);
  });

  // Issue 30, item 6: with trustProxy on, a new X-Forwarded-For value after the 429 gave a fresh
  // allowance (10/10 answered). Forwarding headers count only from TRUST_PROXY's proxies.
  it('keeps the visitor limit whatever X-Forwarded-For a client sends', async () => {
    const ask = (forwardedFor?: string) =>
      fetch(`${studio.baseUrl}/v1/conversa/public/storyfiles/${slug}/ask`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-system-id': 'conversa-studio-web',
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
        body: JSON.stringify({ text: MOVIE }),
      });
    for (let index = 0; index < PUBLIC_ASKS_PER_VISITOR_PER_MINUTE; index += 1) {
      const answer = await ask(`198.51.100.${index % 2}`);
      expect(answer.status, await answer.text()).toBe(200);
    }
    expect((await ask()).status).toBe(429);
    for (let index = 0; index < 10; index += 1) {
      expect((await ask(`203.0.113.${index}`)).status).toBe(429);
    }
  });

  it(`answers 429 once a storyfile had ${PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE} public asks in a minute`, async () => {
    const { db } = studio.database;
    // The storyfile's own counter (shared by every replica), as a crowd of visitors left it: its
    // minute began just now and every ask of it is spent.
    await db
      .insert(publicAskCounters)
      .values({
        key: `${STORYFILE_ASK_COUNTER_PREFIX}${storyfile.id}`,
        windowStart: new Date(),
        count: PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE,
      })
      .onConflictDoUpdate({
        target: publicAskCounters.key,
        set: { windowStart: new Date(), count: PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE },
      });
    const limited = await publicAsk(await visitor(), { text: MOVIE });
    expect(limited).toMatchObject({ status: 429, body: { message: STORYFILE_RATE_LIMIT_MESSAGE } });
    // Its minute over, the storyfile answers again.
    await db
      .update(publicAskCounters)
      .set({ windowStart: new Date(Date.now() - 61_000) })
      .where(eq(publicAskCounters.key, `${STORYFILE_ASK_COUNTER_PREFIX}${storyfile.id}`));
    expect((await publicAsk(await visitor(), { text: MOVIE })).status).toBe(200);
  });

  // Issue 43, item 10: the public hints listed every custom word of the namespace, those only
  // unpublished storyfiles use included.

  it('forgets visitor counters whose minute is over, and only those (maintenance)', async () => {
    const { db } = studio.database;
    await db.insert(publicAskCounters).values([
      { key: 'test|past', windowStart: new Date(Date.now() - 2 * 60_000), count: 20 },
      { key: 'test|current', windowStart: new Date(), count: 3 },
    ]);
    await deletePastVisitorCounters(db);
    const keys = (await db.select({ key: publicAskCounters.key }).from(publicAskCounters)).map(
      (row) => row.key,
    );
    expect(keys).toContain('test|current');
    expect(keys).not.toContain('test|past');
  });
});
