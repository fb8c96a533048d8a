// The learning simulation's product side (bench/visitors-teach.ts): a shape published as a
// storyfile, its visitors asking through the public API, each a cookie of its own from a /24 of its
// own behind the trusted proxy, the second half of their questions measured before and after the
// first half taught, and the author's Accept all through Response quality's API.
import pLimit from 'p-limit';
import {
  MAX_ALTERNATES_PER_QUESTION,
  type AskResponse,
  type LearnedQuestionList,
  type PublicAskResponse,
} from '@conversa/contracts';
import type { FaqSlice } from '@conversa/matching/bench/faq';
import type { RunningStudio } from '../../src/server.ts';
import { signIn, TestBrowser } from '../../test/studio.ts';
import { BENCH_ADMIN, call, seedPublishedStoryfile, type BenchStoryfile } from '../support.ts';

export const ATTACKS = ['none', 'wrong', 'crowd'] as const;
export type Attack = (typeof ATTACKS)[number];
/** Cookies of the crowd attack, all on one network (issue 66's goal). */
const CROWD = 50;
/** Visitors asking at once while a half is measured (nothing is learned then). */
const MEASURE_CONCURRENCY = 4;

let networks = 0;
/**
 * A fresh visitor: a cookie of its own, from an address on a /24 of its own (10.A.B.7) unless one
 * is given, behind the trusted proxy (the studio trusts loopback's X-Forwarded-For).
 */
function newVisitor(studioUrl: string, slug: string, network = ++networks) {
  const address = `10.${(network >> 8) & 255}.${network & 255}.7`;
  const browser = new TestBrowser(studioUrl);
  const ask = async (body: Record<string, unknown>) => {
    const url = `/v1/conversa/public/storyfiles/${slug}/ask`;
    const response = await browser.api(url, {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      body: JSON.stringify({ channel: 'share', ...body }),
    });
    if (!response.ok) {
      throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
    }
    return (await response.json()) as PublicAskResponse;
  };
  return { ask };
}

export interface Counts {
  questions: number;
  rightPlayed: number;
  wrongPlayed: number;
  rightOffered: number;
  askedBack: number;
  offTopic: number;
  offTopicPlayed: number;
}

/** The storyfile answers by meaning once its phrasings and passages have their vectors. */
async function waitForMeaning(seeded: BenchStoryfile): Promise<void> {
  const started = Date.now();
  for (;;) {
    const probe = await call<AskResponse>(
      seeded.owner,
      'POST',
      `/v1/conversa/storyfiles/${seeded.id}/ask`,
      { text: 'hello there' },
    );
    if (probe.scoring === 'meaning' || Date.now() - started > 600_000) {
      console.log(`  answering by ${probe.scoring} after ${Date.now() - started} ms`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

export interface ProductOutcome {
  before: Counts;
  after: Counts;
  /** After the author accepted what visitors chose (honest visitors only). */
  accepted?: Counts;
  visitors: number;
  pressed: number;
  /** Asks refused past one address's limit (the crowd's). */
  refused: number;
  /** Questions the author accepted, as alternates of their answers. */
  acceptedQuestions?: number;
}

/**
 * The author accepts what visitors chose, as Response quality's "Accept all" does for each
 * answer (`isAcceptable` in the web app): every pair not removed and not an author's own, up to the
 * alternates a question may have. Returns how many questions were accepted.
 */
async function acceptWhatVisitorsChose(
  studio: RunningStudio,
  seeded: BenchStoryfile,
): Promise<number> {
  // Signed in afresh: the seeding's session may have ended while the visitors asked.
  const author = new TestBrowser(studio.url);
  await signIn(author, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const base = `/v1/conversa/storyfiles/${seeded.id}/training`;
  const list = await call<LearnedQuestionList>(author, 'GET', `${base}/learned`);
  const byAnswer = new Map<string, LearnedQuestionList['items']>();
  for (const item of list.items) {
    if (item.status !== 'removed' && !item.sources.includes('correction') && item.entryIds.length) {
      byAnswer.set(item.questionId, [...(byAnswer.get(item.questionId) ?? []), item]);
    }
  }
  let accepted = 0;
  for (const [questionId, items] of byAnswer) {
    const chosen = items.slice(0, MAX_ALTERNATES_PER_QUESTION);
    await call(author, 'POST', `${base}/actions`, {
      kind: 'correct',
      questionId,
      entryIds: [...new Set(chosen.flatMap((item) => item.entryIds))],
    });
    accepted += chosen.length;
  }
  return accepted;
}

/**
 * Publishes `shape` on `studio` and lets its visitors teach it through the public ask (as
 * bench/visitors-teach.ts's head says); with `accept`, the author then accepts what they chose.
 */
export async function throughTheProduct(
  studio: RunningStudio,
  shape: FaqSlice,
  { attack, accept }: { attack: Attack; accept: boolean },
): Promise<ProductOutcome> {
  const seeded = await seedPublishedStoryfile(studio, {
    name: `Visitors teach: ${shape.name}`,
    topics: [
      {
        name: 'Answers',
        questions: shape.answers.map((answer) => ({
          text: answer.question,
          ...(answer.transcript ? { transcript: answer.transcript } : {}),
        })),
      },
    ],
  });
  const questionOf = new Map(
    shape.answers.map((answer) => [answer.id, seeded.questionIds.get(answer.question)!]),
  );
  await waitForMeaning(seeded);
  const teachers = shape.questions.filter((_, position) => position % 2 === 0);
  const measured = shape.questions.filter((_, position) => position % 2 === 1);

  const measure = async (): Promise<Counts> => {
    const counts: Counts = {
      questions: measured.length,
      rightPlayed: 0,
      wrongPlayed: 0,
      rightOffered: 0,
      askedBack: 0,
      offTopic: shape.offTopic.length,
      offTopicPlayed: 0,
    };
    const pool = pLimit(MEASURE_CONCURRENCY);
    const inPool = <T>(items: readonly T[], work: (item: T) => Promise<void>) =>
      Promise.all(items.map((item) => pool(() => work(item))));
    await inPool(measured, async (question) => {
      const answer = await newVisitor(studio.url, seeded.slug).ask({ text: question.text });
      const right = questionOf.get(question.answerId);
      if (answer.decision.kind === 'answer') {
        counts[answer.decision.questionId === right ? 'rightPlayed' : 'wrongPlayed'] += 1;
      } else if (answer.clarification === 'did-you-mean') {
        counts.askedBack += 1;
        if (answer.suggestions.some((suggestion) => suggestion.questionId === right)) {
          counts.rightOffered += 1;
        }
      }
    });
    await inPool(shape.offTopic, async (text) => {
      const answer = await newVisitor(studio.url, seeded.slug).ask({ text });
      counts.offTopicPlayed += answer.decision.kind === 'answer' ? 1 : 0;
    });
    return counts;
  };

  const before = await measure();
  console.log(`  ${shape.name}: before ${JSON.stringify(before)}`);
  let pressed = 0;
  // The crowd: 50 cookies on one network of their own, asking in turn.
  const crowdNetwork = ++networks;
  const crowd =
    attack === 'crowd'
      ? Array.from({ length: CROWD }, () => newVisitor(studio.url, seeded.slug, crowdNetwork))
      : [];
  // One address asks 20 times a minute (PUBLIC_ASKS_PER_VISITOR_PER_MINUTE): the crowd's further
  // asks are refused (429), counted, and it goes on.
  let refused = 0;
  const unlessRefused = <T>(asked: Promise<T>) =>
    asked.catch((error: unknown) => {
      if (!/: 429 /.test(String(error))) {
        throw error;
      }
      refused += 1;
      return null;
    });
  for (const [position, question] of teachers.entries()) {
    const visitor = crowd[position % CROWD] ?? newVisitor(studio.url, seeded.slug);
    const offered = await unlessRefused(visitor.ask({ text: question.text }));
    if (offered?.clarification !== 'did-you-mean' || !offered.exchangeId) {
      continue;
    }
    const right = questionOf.get(question.answerId);
    const choice = offered.suggestions.find(
      (suggestion) => (suggestion.questionId === right) === (attack === 'none'),
    );
    if (!choice) {
      continue;
    }
    const press = await unlessRefused(
      visitor.ask({
        text: choice.questionText,
        conversationId: offered.conversationId,
        suggestion: { exchangeId: offered.exchangeId, questionId: choice.questionId },
      }),
    );
    pressed += press ? 1 : 0;
  }
  console.log(`  ${shape.name}: ${teachers.length} asked, ${pressed} pressed, ${refused} refused`);
  const outcome: ProductOutcome = {
    before,
    after: await measure(),
    visitors: teachers.length,
    pressed,
    refused,
  };
  console.log(`  ${shape.name}: ${JSON.stringify(outcome)}`);
  if (accept && attack === 'none') {
    outcome.acceptedQuestions = await acceptWhatVisitorsChose(studio, seeded);
    console.log(`  ${shape.name}: the author accepted ${outcome.acceptedQuestions} questions`);
    outcome.accepted = await measure();
    console.log(`  ${shape.name}: accepted ${JSON.stringify(outcome.accepted)}`);
  }
  return outcome;
}
