import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PUBLIC_ASKS_PER_VISITOR_PER_MINUTE,
  STORYFILE_RATE_LIMIT_MESSAGE,
  SYSTEM_ID,
  SYSTEM_ID_HEADER,
  VISITOR_RATE_LIMIT_MESSAGE,
} from '@conversa/contracts';
import { requestFrom, startTestStudio, type TestStudio } from '../../../test/studio.ts';
import { publishForSlug, seedOwnedStoryfile } from '../../../test/ask.fixtures.ts';
import { publicAskCounters } from './publishing.tables.ts';
import { VISITOR_COOKIE } from './visitor-cookie.ts';

// Issue 43, item 3: the per-visitor limit was keyed on the visitor cookie as sent, which the
// visitor chooses: from one address, a new cookie each ask was answered every time, and 310 asks
// in 2.4 s used up the storyfile's allowance, so every other visitor got 429. The limit counts
// per client address as well as per cookie. A storyfile limit of 30 (PUBLIC_ASK_LIMIT_PER_MINUTE)
// keeps the test small: above one address's 20, so one address alone cannot reach it.
const STORYFILE_LIMIT = PUBLIC_ASKS_PER_VISITOR_PER_MINUTE + 10;

let studio: TestStudio;
let slug: string;

beforeAll(async () => {
  studio = await startTestStudio({ PUBLIC_ASK_LIMIT_PER_MINUTE: String(STORYFILE_LIMIT) });
  const { owner, storyfile } = await seedOwnedStoryfile(studio, 'north');
  slug = await publishForSlug(owner, storyfile.id);
}, 60_000);

// Each test starts a fresh minute: no counter of another test's asks.
beforeEach(async () => {
  await studio.database.db.delete(publicAskCounters);
});

afterAll(async () => {
  await studio?.stop();
});

/** One public call from `address` with a visitor cookie of the caller's choosing. */
async function send(
  address: string,
  path: 'ask' | 'speech2text',
  visitorCookie: string = randomUUID(),
): Promise<{ status: number; message: string | undefined }> {
  const answer = await requestFrom(
    address,
    `${studio.baseUrl}/v1/conversa/public/storyfiles/${slug}/${path}`,
    {
      method: 'POST',
      headers: {
        [SYSTEM_ID_HEADER]: SYSTEM_ID,
        cookie: `${VISITOR_COOKIE}=${visitorCookie}`,
        'content-type': path === 'ask' ? 'application/json' : 'audio/wav',
      },
      body: path === 'ask' ? JSON.stringify({ text: 'Where were you born?' }) : Buffer.alloc(0),
    },
  );
  return {
    status: answer.status,
    message: (JSON.parse(answer.text) as { message?: string }).message,
  };
}

describe('public ask limits per client address (issue 43)', () => {
  it(`refuses the ${PUBLIC_ASKS_PER_VISITOR_PER_MINUTE + 1}st ask in a minute from one address, a new visitor cookie each time, and leaves the storyfile to other visitors`, async () => {
    for (let index = 0; index < PUBLIC_ASKS_PER_VISITOR_PER_MINUTE; index += 1) {
      expect((await send('127.0.0.2', 'ask')).status, `ask ${index + 1}`).toBe(200);
    }
    // Ten more, each with a cookie never seen: none is answered, and none is counted for the
    // storyfile, which would have reached its 30 otherwise.
    for (let index = 0; index < STORYFILE_LIMIT - PUBLIC_ASKS_PER_VISITOR_PER_MINUTE; index += 1) {
      expect(await send('127.0.0.2', 'ask')).toEqual({
        status: 429,
        message: VISITOR_RATE_LIMIT_MESSAGE,
      });
    }
    // Visitors elsewhere are answered: the storyfile still has 10 of its 30 this minute.
    for (const address of ['127.0.0.3', '127.0.0.4']) {
      const answer = await send(address, 'ask');
      expect(answer.status, answer.message).toBe(200);
    }
  });

  it('counts a cookie on its own too: one visitor moving between addresses has 20 in all', async () => {
    const cookie = randomUUID();
    for (let index = 0; index < PUBLIC_ASKS_PER_VISITOR_PER_MINUTE; index += 1) {
      const address = `127.0.1.${index + 1}`;
      expect((await send(address, 'ask', cookie)).status, `ask ${index + 1}`).toBe(200);
    }
    expect(await send('127.0.1.200', 'ask', cookie)).toEqual({
      status: 429,
      message: VISITOR_RATE_LIMIT_MESSAGE,
    });
    // Many visitors together use up the storyfile's 30: then its own limit answers.
    for (let index = PUBLIC_ASKS_PER_VISITOR_PER_MINUTE; index < STORYFILE_LIMIT; index += 1) {
      expect((await send(`127.0.2.${index + 1}`, 'ask')).status, `ask ${index + 1}`).toBe(200);
    }
    expect(await send('127.0.2.100', 'ask')).toEqual({
      status: 429,
      message: STORYFILE_RATE_LIMIT_MESSAGE,
    });
  });

  it(`refuses the ${PUBLIC_ASKS_PER_VISITOR_PER_MINUTE + 1}st spoken question from one address, a new cookie each time`, async () => {
    // Each refused recording (an empty body: 400) still counts, as the ask's limit does.
    for (let index = 0; index < PUBLIC_ASKS_PER_VISITOR_PER_MINUTE; index += 1) {
      expect((await send('127.0.3.1', 'speech2text')).status, `recording ${index + 1}`).toBe(400);
    }
    expect(await send('127.0.3.1', 'speech2text')).toEqual({
      status: 429,
      message: VISITOR_RATE_LIMIT_MESSAGE,
    });
    expect((await send('127.0.3.2', 'speech2text')).status).toBe(400);
  });
});
