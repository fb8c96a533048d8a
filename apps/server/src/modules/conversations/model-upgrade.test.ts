import { afterAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { AskResponse, MatchingSettings } from '@conversa/contracts';
import type { TextEmbedder } from '@conversa/embeddings';
import type { Database } from '../../db/client.ts';
import { startModelUpgrade } from './model-upgrade.ts';
import { sentenceVectors } from './conversations.tables.ts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  signInAs,
  type ApiClient,
} from '../../../test/storyfile.fixtures.ts';
import { seedAsset } from '../../../test/conversation.fixtures.ts';

// Issue 64: a studio whose storyfiles were embedded by USE lite starts with all-MiniLM-L6-v2. It
// embeds every text again in the background and says so in /healthz; a storyfile's first ask
// after that answers by meaning at once. Two real models, one database, two studios in turn.
const QUESTIONS = [
  'Where did you grow up?',
  'What crops did you grow?',
  'How did you meet your wife?',
  'Did you have a sheepdog?',
  'What was your first tractor?',
];

const studios: TestStudio[] = [];
afterAll(async () => {
  await Promise.all(studios.map((studio) => studio.stop()));
});

async function countVectors(studio: TestStudio, model: string): Promise<number> {
  const [row] = await studio.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(sentenceVectors)
    .where(eq(sentenceVectors.model, model));
  return row?.count ?? 0;
}

function readSettings(owner: ApiClient, storyfileId: string) {
  return owner.expectStatus<MatchingSettings>(
    200,
    'GET',
    `/v1/conversa/storyfiles/${storyfileId}/matching-settings`,
  );
}

describe('a studio whose sentence model changed', () => {
  it('embeds again what the old model embedded, says so, and answers by meaning at once', async () => {
    const before = await startTestStudio({ MATCHER_EMBEDDER: 'use-lite' });
    studios.push(before);
    const namespaceId = await buildNamespace(before, 'farm');
    const owner = await buildMember(before, 'owner@farm.test', { farm: 'owner:ns' });
    const storyfileId = (await buildStoryfile(owner, namespaceId)).id;
    const topic = await owner.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/topics`,
      { name: 'Farm life' },
    );
    for (const text of QUESTIONS) {
      const { id } = await owner.expectStatus<{ id: string }>(
        201,
        'POST',
        `/v1/conversa/storyfiles/${storyfileId}/questions`,
        { topicId: topic.id, text, alternates: [] },
      );
      await seedAsset(before, { storyfileId, questionId: id });
    }
    // USE lite embeds the script (and the built-in off-topic questions) when it is first read.
    await vi.waitFor(
      async () => {
        expect((await readSettings(owner, storyfileId)).scoring.mode).toBe('combined');
        expect(await countVectors(before, 'use-lite')).toBeGreaterThan(QUESTIONS.length);
      },
      { timeout: 180_000, interval: 500 },
    );
    const oldTexts = await countVectors(before, 'use-lite');
    await before.stop();

    // The same database, the new default model, and a scorer thread as in production: what it
    // is sent is read back from PostgreSQL (on the event loop the first ask after a start would
    // score by words while its vectors are read back, a moment).
    const after = await startTestStudio({
      MATCHER_EMBEDDER: 'all-minilm-l6-v2',
      MATCHER_WORKERS: '1',
      DATABASE_URL: before.config.databaseUrl!,
    });
    studios.push(after);
    await vi.waitFor(
      async () => {
        const health = (await (await fetch(`${after.baseUrl}/healthz`)).json()) as {
          embedder: { id: string; reembedding?: Record<string, unknown> };
        };
        expect(health.embedder.id).toBe('all-minilm-l6-v2');
        expect(health.embedder.reembedding).toEqual({
          status: 'done',
          from: ['use-lite'],
          texts: oldTexts,
          embedded: oldTexts,
        });
      },
      { timeout: 180_000, interval: 250 },
    );
    expect(await countVectors(after, 'all-minilm-l6-v2')).toBe(oldTexts);
    const [farmRow] = await after.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sentenceVectors)
      .where(
        and(
          eq(sentenceVectors.model, 'all-minilm-l6-v2'),
          eq(sentenceVectors.text, 'Did you have a sheepdog?'),
        ),
      );
    expect(farmRow?.count).toBe(1);

    // Nothing asked since the change, and the first ask is answered by meaning.
    const client = await signInAs(after, 'owner@farm.test');
    const answer = await client.expectStatus<AskResponse>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/ask`,
      { text: 'tell me about your dog' },
    );
    expect(answer.scoring).toBe('meaning');
    expect(answer.candidates[0]?.questionText).toBe('Did you have a sheepdog?');
  }, 420_000);
});

describe('a model that never loads', () => {
  it('holds no stop of the studio up', async () => {
    const embedder: TextEmbedder = {
      id: 'test:loading-for-ever',
      label: 'loading for ever',
      status: () => 'loading',
      ready: () => new Promise<void>(() => undefined),
      embed: () => new Promise<Float32Array[]>(() => undefined),
      close: () => Promise.resolve(),
    };
    // Nothing is read before the model is ready: the database is never reached.
    const upgrade = startModelUpgrade({} as Database, embedder, () => undefined);
    expect(upgrade.report().status).toBe('waiting');
    await upgrade.stop();
    expect(upgrade.report()).toEqual({ status: 'stopped', from: [], texts: 0, embedded: 0 });
  });
});
