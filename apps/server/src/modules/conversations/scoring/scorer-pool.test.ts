// Issue 51, item 1: asks are scored in a pool of worker threads; a scorer thread that hangs or
// ends never fails an ask: it is replaced and the ask is scored by another, or, when no thread
// can score it, the visitor reads a 503 that says the studio is busy.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { AskResponse, PublicAskResponse } from '@conversa/contracts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../../test/studio.ts';
import { ApiClient } from '../../../../test/storyfile.fixtures.ts';
import { publishForSlug, seedOwnedStoryfile } from '../../../../test/ask.fixtures.ts';
import { SCORER_UNAVAILABLE_MESSAGE } from './scorer-pool.ts';

const MOVIE = 'What is your favourite movie?';
const FAULTY_WORKER = new URL('./faulty-scorer-worker.fixtures.ts', import.meta.url);

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

/** A studio whose two scorer threads run the faulty worker; its marker file's path. */
async function startWithFault(fault: string, timeoutMs: number) {
  const marker = path.join(tmpdir(), `scorer-fault-${randomBytes(6).toString('hex')}`);
  // Read by the faulty worker's threads, which start with a copy of this environment.
  process.env.SCORER_FAULT = fault;
  process.env.SCORER_FAULT_MARKER = marker;
  studio = await startTestStudio(
    { MATCHER_WORKERS: '2' },
    { matcherWorkers: { count: 2, timeoutMs, workerUrl: FAULTY_WORKER } },
  );
  const { owner, storyfile } = await seedOwnedStoryfile(studio, 'scorers');
  const ask = (text: string) =>
    owner.call<AskResponse & { message: string }>(
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/ask`,
      { text },
    );
  return { marker, storyfile, ask };
}

describe('scorer threads (MATCHER_WORKERS)', () => {
  it('scores an edited script in every thread from the next ask', async () => {
    studio = await startTestStudio({ MATCHER_WORKERS: '2' });
    const { owner, storyfile } = await seedOwnedStoryfile(studio, 'edits');
    const birthplace = storyfile.questions['Where were you born?']!;
    const askAll = (text: string) =>
      Promise.all(
        // Four at once: both threads take some, so both must hold the edited script.
        Array.from({ length: 4 }, () =>
          owner.call<AskResponse>('POST', `/v1/conversa/storyfiles/${storyfile.id}/ask`, { text }),
        ),
      );
    for (const before of await askAll('In which hospital did you arrive?')) {
      expect(before.status).toBe(200);
      expect(before.body.decision).not.toEqual({ kind: 'answer', questionId: birthplace });
    }
    await owner.expectStatus(
      200,
      'PATCH',
      `/v1/conversa/storyfiles/${storyfile.id}/questions/${birthplace}`,
      { alternates: ['What is your birthplace?', 'In which hospital did you arrive?'] },
    );
    for (const after of await askAll('In which hospital did you arrive?')) {
      expect(after.body.decision).toEqual({ kind: 'answer', questionId: birthplace });
      expect(after.body.confidence).toBe('exact');
    }
  });

  it('plays in every thread what the storyfile learned from its visitors (issue 50 item 2)', async () => {
    studio = await startTestStudio({ MATCHER_WORKERS: '2' });
    const { owner, storyfile } = await seedOwnedStoryfile(studio, 'learners');
    const movie = storyfile.questions[MOVIE]!;
    // Shares one content word with the movie answer's alternate: asked back at this threshold.
    const paraphrase = 'a film you love';
    await owner.expectStatus(
      200,
      'PUT',
      `/v1/conversa/storyfiles/${storyfile.id}/matching-settings`,
      {
        threshold: 0.7,
      },
    );
    const slug = await publishForSlug(owner, storyfile.id);
    const publicAsk = (visitor: ApiClient, body: Record<string, unknown>) =>
      visitor.expectStatus<PublicAskResponse>(
        200,
        'POST',
        `/v1/conversa/public/storyfiles/${slug}/ask`,
        {
          channel: 'share',
          ...body,
        },
      );
    // Each visitor on a network of its own: cookies from one network are one visitor (issue 67).
    let networks = 0;
    const newVisitor = async () => {
      networks += 1;
      const visitor = new ApiClient(
        new TestBrowser(studio!.baseUrl, { localAddress: `127.0.${networks}.1` }),
      );
      await visitor.get(`/v1/conversa/public/storyfiles/${slug}`);
      return visitor;
    };
    // Two visitors are asked back and press the movie answer: the storyfile learns the paraphrase.
    for (const visitor of [await newVisitor(), await newVisitor()]) {
      const offered = await publicAsk(visitor, { text: paraphrase });
      expect(offered.clarification).toBe('did-you-mean');
      await publicAsk(visitor, {
        text: MOVIE,
        conversationId: offered.conversationId,
        suggestion: { exchangeId: offered.exchangeId, questionId: movie },
      });
    }
    const visitor = await newVisitor();
    // Four at once: both threads take some, so both must hold what was learned.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => publicAsk(visitor, { text: paraphrase })),
    );
    for (const answer of answers) {
      expect(answer.decision).toEqual({ kind: 'answer', questionId: movie });
    }
  });

  it('answers an ask whose scorer thread hangs: the thread is replaced and another scores it', async () => {
    // The timeout bounds the hung thread; it is no figure of the studio's speed.
    const { marker, storyfile, ask } = await startWithFault('hang-once', 10_000);
    const first = await ask('which film do you love most?');
    expect(existsSync(marker)).toBe(true);
    expect(first.status).toBe(200);
    expect(first.body.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });
    // The pool is whole again: the next asks are scored too.
    for (const text of ['which film do you love most?', 'Where were you born?']) {
      const next = await ask(text);
      expect(next.status).toBe(200);
      expect(next.body.decision.kind).toBe('answer');
    }
  });

  it('answers an ask whose scorer thread ends while scoring it', async () => {
    const { marker, storyfile, ask } = await startWithFault('exit-once', 30_000);
    const first = await ask('which film do you love most?');
    expect(existsSync(marker)).toBe(true);
    expect(first.status).toBe(200);
    expect(first.body.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });
  });

  it('refuses with a 503 a person understands when no scorer thread can score the ask', async () => {
    const { ask } = await startWithFault('always-exit', 30_000);
    const refused = await ask('which film do you love most?');
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(SCORER_UNAVAILABLE_MESSAGE);
  });
});
