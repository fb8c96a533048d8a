// Issue 51, item 2: the matchers kept in memory are bounded by MATCHER_CACHE_MB, in the matcher
// cache and in every scorer thread; the least recently asked storyfile goes first, and loads back
// from PostgreSQL on its next ask, answering as before. /metrics shows what is held and dropped.
import { afterEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { startTestStudio, type TestStudio } from '../../../../test/studio.ts';
import { seedStoryfileWithAnswers } from '../../../../test/conversation.fixtures.ts';
import { askInStudio, seedOwnedStoryfile } from '../../../../test/ask.fixtures.ts';
import { EXIT_WORD } from './faulty-scorer-worker.fixtures.ts';

let studio: TestStudio | undefined;

afterEach(async () => {
  await studio?.stop();
  studio = undefined;
  if (process.env.SCORER_FAULT_MARKER) {
    rmSync(process.env.SCORER_FAULT_MARKER, { force: true });
  }
  delete process.env.SCORER_FAULT;
  delete process.env.SCORER_FAULT_MARKER;
});

/** The value of a series of /metrics (0 when the studio does not show it). */
async function readMetric(baseUrl: string, series: string): Promise<number> {
  const text = await (await fetch(new URL('/metrics', baseUrl))).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

describe('the matchers kept in memory (MATCHER_CACHE_MB)', () => {
  it.each([
    ['on the event loop', '0'],
    ['in a scorer thread', '1'],
  ])(
    'drops the least recently asked storyfile and loads it back, answering the same (%s)',
    async (_where, workers) => {
      // 0 MB: each holder keeps only the storyfile being asked.
      studio = await startTestStudio({ MATCHER_CACHE_MB: '0', MATCHER_WORKERS: workers });
      const { namespaceId, owner, storyfile: first } = await seedOwnedStoryfile(studio, 'budget');
      const second = await seedStoryfileWithAnswers(studio, owner, namespaceId);
      const ask = async (storyfileId: string) => {
        const asked = await askInStudio(owner, storyfileId, {
          text: 'which film do you love most?',
        });
        // What the matcher said (the conversation and exchange are new on every ask).
        return {
          decision: asked.decision,
          score: asked.score,
          confidence: asked.confidence,
          candidates: asked.candidates,
        };
      };
      const before = await ask(first.id);
      expect(before.decision).toEqual({
        kind: 'answer',
        questionId: first.questions['What is your favourite movie?'],
      });
      await ask(second.id);
      const main = 'conversa_matcher_cache_evictions_total{holder="main"}';
      const scorers = 'conversa_matcher_cache_evictions_total{holder="scorers"}';
      expect(await readMetric(studio.baseUrl, main)).toBe(1);
      const again = await ask(first.id);
      expect(again).toEqual(before);
      // The second storyfile went when the first came back.
      expect(await readMetric(studio.baseUrl, main)).toBe(2);
      expect(
        await readMetric(studio.baseUrl, 'conversa_matcher_cache_storyfiles{holder="main"}'),
      ).toBe(1);
      expect(
        await readMetric(studio.baseUrl, 'conversa_matcher_cache_bytes{holder="main"}'),
      ).toBeGreaterThan(0);
      if (workers === '1') {
        expect(await readMetric(studio.baseUrl, scorers)).toBe(2);
        expect(
          await readMetric(studio.baseUrl, 'conversa_matcher_cache_storyfiles{holder="scorers"}'),
        ).toBe(1);
      }
    },
    // Bounds a hang, not a time: a scorer thread loads the matcher through tsx (slow at load 15+).
    180_000,
  );

  it('holds a storyfile in one scorer thread, not in each (storyfile-affine threads)', async () => {
    studio = await startTestStudio({ MATCHER_WORKERS: '2' });
    const { owner, storyfile } = await seedOwnedStoryfile(studio, 'affine');
    // Four at once: without affinity both idle threads take some, and both build the matcher.
    await Promise.all(
      Array.from({ length: 4 }, () =>
        askInStudio(owner, storyfile.id, { text: 'which film do you love most?' }),
      ),
    );
    expect(
      await readMetric(studio.baseUrl, 'conversa_matcher_cache_storyfiles{holder="scorers"}'),
    ).toBe(1);
  }, 180_000);

  it('reads the threshold of an ask nothing scored from the scorer thread, not by building the matcher on the event loop', async () => {
    studio = await startTestStudio({ MATCHER_WORKERS: '1' });
    const { owner, storyfile } = await seedOwnedStoryfile(studio, 'unscored');
    // Nothing was heard: no reading is scored, yet the answer says the threshold in force.
    const unheard = await askInStudio(owner, storyfile.id, { text: '', inputMode: 'spoken' });
    expect(unheard.decision).toEqual({ kind: 'fallback', reason: 'unintelligible' });
    // The scorer thread built the matcher; the event loop's entry holds its answers alone.
    const bytes = (holder: string) =>
      readMetric(studio!.baseUrl, `conversa_matcher_cache_bytes{holder="${holder}"}`);
    expect(
      await readMetric(studio.baseUrl, 'conversa_matcher_cache_storyfiles{holder="scorers"}'),
    ).toBe(1);
    expect(await bytes('main')).toBeLessThan(await bytes('scorers'));
    // The same threshold the event loop's matcher chooses (Matching settings builds it there).
    const settings = await owner.expectStatus<{ effectiveThreshold: number }>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfile.id}/matching-settings`,
    );
    expect(unheard.threshold).toBe(settings.effectiveThreshold);
  }, 180_000);

  it('counts the matchers a scorer thread held as evicted when the thread ends', async () => {
    // Read by the faulty worker's thread, which starts with a copy of this environment.
    process.env.SCORER_FAULT = 'exit-on-word';
    process.env.SCORER_FAULT_MARKER = path.join(
      tmpdir(),
      `scorer-fault-${randomBytes(6).toString('hex')}`,
    );
    studio = await startTestStudio(
      { MATCHER_WORKERS: '1' },
      {
        matcherWorkers: {
          count: 1,
          timeoutMs: 60_000,
          workerUrl: new URL('./faulty-scorer-worker.fixtures.ts', import.meta.url),
        },
      },
    );
    const { owner, storyfile } = await seedOwnedStoryfile(studio, 'ended');
    const ask = (text: string) => askInStudio(owner, storyfile.id, { text });
    await ask('which film do you love most?');
    const evictions = 'conversa_matcher_cache_evictions_total{holder="scorers"}';
    expect(await readMetric(studio.baseUrl, evictions)).toBe(0);
    // The thread holding the storyfile ends; another builds it again and answers.
    await ask(`${EXIT_WORD} which film do you love most?`);
    expect(await readMetric(studio.baseUrl, evictions)).toBe(1);
  }, 180_000);
});
