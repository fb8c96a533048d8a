// Issue 69, item 2: the server knows which storyfiles each scorer thread holds (what it built, less
// what its replies say it dropped), so a storyfile the thread lacks is sent its snapshot with the
// first task: a cold ask waits in the thread's queue once, never first to hear "missing".
import { afterEach, describe, expect, it } from 'vitest';
import { createScorerPool, type ScorerPool } from './scorer-pool.ts';
import type { MatcherSnapshot } from './scorer-protocol.ts';
import { estimateMatcherBytes } from './matcher-bytes.ts';

function snapshotOf(topic: string): MatcherSnapshot {
  return {
    version: 1,
    embedderId: null,
    visitorQuestions: [],
    threshold: 0.3,
    playRisk: 'auto',
    categories: [],
    answers: ['Where were you born?', 'What was your first job?', `Tell me about ${topic}.`].map(
      (question, index) => ({
        id: `${topic}-${index}`,
        question,
        alternates: [],
        learned: [],
        isRecorded: true,
        transcript: `I remember ${topic} well. It was a long time ago.`,
      }),
    ),
    vectors: [],
  };
}

const pools: ScorerPool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('what the server knows its scorer threads hold', () => {
  it('sends a storyfile the thread does not hold its snapshot with the first task, after an eviction too', async () => {
    const snapshots = { farm: snapshotOf('the farm'), sea: snapshotOf('the sea') };
    // One matcher fits the thread's share, two do not: asking one storyfile drops the other.
    const oneMatcher = estimateMatcherBytes(snapshots.farm);
    // The timeout bounds a hang on a loaded machine; it is no figure of the speed.
    const pool = createScorerPool({
      workers: 1,
      timeoutMs: 120_000,
      budgetBytes: oneMatcher * 1.5,
    });
    pools.push(pool);
    const taken: string[] = [];
    const ask = async (storyfileId: keyof typeof snapshots) => {
      const [result] = await pool.score({
        storyfileId,
        version: 1,
        snapshot: () => {
          taken.push(storyfileId);
          return Promise.resolve({ snapshot: snapshots[storyfileId] });
        },
        questions: [{ text: `Tell me about ${storyfileId === 'farm' ? 'the farm' : 'the sea'}` }],
        limit: 3,
      });
      return result!;
    };
    expect((await ask('farm')).decision).toEqual({ kind: 'answer', answerId: 'the farm-2' });
    expect(taken).toEqual(['farm']);
    // Held: asked again without its snapshot.
    await ask('farm');
    expect(taken).toEqual(['farm']);
    // The sea's build drops the farm; the reply says so, and the farm's next task carries it.
    expect((await ask('sea')).decision).toEqual({ kind: 'answer', answerId: 'the sea-2' });
    expect(pool.held().evictions).toBe(1);
    expect((await ask('farm')).decision).toEqual({ kind: 'answer', answerId: 'the farm-2' });
    expect(taken).toEqual(['farm', 'sea', 'farm']);
    // No task was answered "missing" and sent again.
    expect(pool.report()).toMatchObject({ workers: 1, replaced: 0, resent: 0 });
  }, 240_000);
});
