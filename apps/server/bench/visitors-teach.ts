// The learning simulation through the product (not a test; issue 66 item 4): the development
// benchmark's storyfile (192 answers of one question each, with transcripts) is published, and
// visitors ask through the public API, each a cookie of its own on a network of its own (a
// loopback address of its own /24). The second half of the held-out questions (odd positions) is
// asked first and counted; then the first half (even positions) asks in turn, and a visitor asked
// back presses the right answer when it is offered (or, with --wrong, the first offered that is
// not right); then the second half is asked again by fresh visitors and counted. The studio learns
// as it does for everyone: labels, two networks, the visitor log. Prints right played, wrong
// played, right offered and off-topic played before and after; writes
// bench-results/visitors-teach.json.
//
// Usage: npm run bench:visitors-teach [-- --questions 400 --wrong]
//   --questions N  held-out questions per half (default 400; 0: all, 1,312 and 1,313)
//   DATABASE_URL   any PostgreSQL (a database `conversa_bench_visitors_teach` is created there);
//                  unset starts the bench's own embedded PostgreSQL under .data-bench/visitorsTeach/
//                  (BENCH_POSTGRES_PORT, default 54382)
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AskResponse, PublicAskResponse } from '@conversa/contracts';
import { TestBrowser } from '../test/studio.ts';
import {
  call,
  prepareBenchDatabase,
  repoRoot,
  seedPublishedStoryfile,
  startBenchStudio,
  writeBenchResults,
} from './support.ts';

const { values: args } = parseArgs({
  options: {
    questions: { type: 'string', default: '400' },
    wrong: { type: 'boolean', default: false },
  },
});

interface FaqSlice {
  answers: { id: string; question: string; transcript: string }[];
  questions: { text: string; answerId: string }[];
  offTopic: string[];
}
const slice = JSON.parse(
  readFileSync(path.join(repoRoot, 'packages/matching/data/faq-storyfile.json'), 'utf8'),
) as FaqSlice;
const limit = Number(args.questions);
const half = (parity: 0 | 1) => {
  const questions = slice.questions.filter((_, position) => position % 2 === parity);
  return limit > 0 ? questions.slice(0, limit) : questions;
};
const [teachers, measured] = [half(0), half(1)];
const offTopic = slice.offTopic.slice(0, limit > 0 ? Math.min(limit, 200) : undefined);

let networks = 0;
/** A fresh visitor: a cookie of its own, on a /24 of its own (127.A.B.1). */
function newVisitor(studioUrl: string, slug: string) {
  networks += 1;
  const address = `127.${(networks >> 8) & 255}.${networks & 255}.1`;
  const browser = new TestBrowser(studioUrl, { localAddress: address });
  const ask = (body: Record<string, unknown>) =>
    call<PublicAskResponse>(browser, 'POST', `/v1/conversa/public/storyfiles/${slug}/ask`, {
      channel: 'share',
      ...body,
    });
  return { browser, ask };
}

interface Counts {
  questions: number;
  rightPlayed: number;
  wrongPlayed: number;
  rightOffered: number;
  askedBack: number;
}

const { url, embedded } = await prepareBenchDatabase(
  'conversa_bench_visitors_teach',
  'visitorsTeach',
);
const studio = await startBenchStudio(url, 'visitors-teach', {
  PUBLIC_ASK_LIMIT_PER_MINUTE: '1000000',
});
const results: Record<string, unknown> = {};
try {
  const seeded = await seedPublishedStoryfile(studio, {
    name: 'Development benchmark',
    topics: [
      {
        name: 'FAQ',
        questions: slice.answers.map((answer) => ({
          text: answer.question,
          transcript: answer.transcript,
        })),
      },
    ],
  });
  const questionOf = new Map(
    slice.answers.map((answer) => [answer.id, seeded.questionIds.get(answer.question)!]),
  );
  // The storyfile answers by meaning once its phrasings and passages have their vectors.
  const started = Date.now();
  for (;;) {
    const probe = await call<AskResponse>(
      seeded.owner,
      'POST',
      `/v1/conversa/storyfiles/${seeded.id}/ask`,
      { text: 'hello there' },
    );
    if (probe.scoring === 'meaning' || Date.now() - started > 300_000) {
      console.log(`  answering by ${probe.scoring} after ${Date.now() - started} ms`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }

  const measure = async (label: string) => {
    const counts: Counts = {
      questions: 0,
      rightPlayed: 0,
      wrongPlayed: 0,
      rightOffered: 0,
      askedBack: 0,
    };
    for (const question of measured) {
      const answer = await newVisitor(studio.url, seeded.slug).ask({ text: question.text });
      const right = questionOf.get(question.answerId);
      counts.questions += 1;
      if (answer.decision.kind === 'answer') {
        counts[answer.decision.questionId === right ? 'rightPlayed' : 'wrongPlayed'] += 1;
      } else if (answer.clarification === 'did-you-mean') {
        counts.askedBack += 1;
        if (answer.suggestions.some((suggestion) => suggestion.questionId === right)) {
          counts.rightOffered += 1;
        }
      }
    }
    let offTopicPlayed = 0;
    for (const text of offTopic) {
      const answer = await newVisitor(studio.url, seeded.slug).ask({ text });
      offTopicPlayed += answer.decision.kind === 'answer' ? 1 : 0;
    }
    results[label] = { ...counts, offTopic: offTopic.length, offTopicPlayed };
    console.log(`  ${label}: measured`);
  };

  await measure('before');
  let pressed = 0;
  for (const question of teachers) {
    const visitor = newVisitor(studio.url, seeded.slug);
    const offered = await visitor.ask({ text: question.text });
    if (offered.clarification !== 'did-you-mean' || !offered.exchangeId) {
      continue;
    }
    const right = questionOf.get(question.answerId);
    const choice = args.wrong
      ? offered.suggestions.find((suggestion) => suggestion.questionId !== right)
      : offered.suggestions.find((suggestion) => suggestion.questionId === right);
    if (!choice) {
      continue;
    }
    await visitor.ask({
      text: choice.questionText,
      conversationId: offered.conversationId,
      suggestion: { exchangeId: offered.exchangeId, questionId: choice.questionId },
    });
    pressed += 1;
  }
  results.pressed = pressed;
  console.log(`  ${teachers.length} visitors asked, ${pressed} pressed`);
  await measure('after');
} finally {
  await studio.stop();
  await embedded?.stop();
}

const share = (count: number, total: number) => `${((100 * count) / total).toFixed(1)}%`;
const rows = (['before', 'after'] as const).map((label) => {
  const counts = results[label] as Counts & { offTopic: number; offTopicPlayed: number };
  return {
    when: label,
    'right played': share(counts.rightPlayed, counts.questions),
    'wrong played': share(counts.wrongPlayed, counts.questions),
    'right played or offered': share(counts.rightPlayed + counts.rightOffered, counts.questions),
    'asked back': share(counts.askedBack, counts.questions),
    'off-topic played': share(counts.offTopicPlayed, counts.offTopic),
  };
});
console.log(
  `\nVisitors teach through the public ask (${args.wrong ? 'pressing wrong on purpose' : 'pressing the right answer'}): ` +
    `${measured.length} held-out questions measured, ${teachers.length} visitors teaching, ` +
    `load average ${loadavg()[0]!.toFixed(1)}\n`,
);
console.table(rows);
console.log(`wrote ${writeBenchResults(`visitors-teach${args.wrong ? '-wrong' : ''}`, results)}`);
