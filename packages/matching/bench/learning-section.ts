// The learning simulation of issue 50, item 2 (the studio does not learn yet: this measures what
// the simplest learning would give). On the development benchmark with transcripts and vectors,
// the first half of the held-out questions (even positions) ask in turn: a visitor asked back
// presses the right suggestion when it is offered (honest), or a wrong one on purpose
// (adversarial); each pressed question is then added to its answer as an alternate (at most
// `LEARNED_PER_ANSWER` an answer), and the second half (odd positions) is asked before and after.
import { chooseSuggestions, createMatcher } from '../src/index.ts';
import type { Embedder, Matcher } from '../src/index.ts';
import type { FaqSlice } from './faq.ts';
import { formatRate, printTable } from './format.ts';

/** A cap on what one answer learns (one of the safeguards the issue asks for). */
export const LEARNED_PER_ANSWER = 10;

interface Outcomes {
  bestMatch: number;
  rightPlayed: number;
  wrongPlayed: number;
  rightPlayedOrOffered: number;
  offTopicPlayed: number;
  offTopicOffered: number;
}

function build(slice: FaqSlice, embedder: Embedder, learned: Map<string, string[]>): Matcher {
  const matcher = createMatcher({ embedder });
  for (const answer of slice.answers) {
    matcher.upsertAnswer({
      id: answer.id,
      question: answer.question,
      transcript: answer.transcript,
      alternates: learned.get(answer.id) ?? [],
    });
  }
  return matcher;
}

function measure(matcher: Matcher, slice: FaqSlice, questions: FaqSlice['questions']): Outcomes {
  const counts = {
    best: 0,
    rightPlayed: 0,
    wrongPlayed: 0,
    offered: 0,
    offPlayed: 0,
    offOffered: 0,
  };
  for (const question of questions) {
    const result = matcher.match(question.text);
    const suggestions = chooseSuggestions(result);
    if (result.candidates[0]?.answerId === question.answerId) {
      counts.best++;
    }
    if (result.decision.kind === 'answer' && suggestions.length === 0) {
      if (result.decision.answerId === question.answerId) {
        counts.rightPlayed++;
      } else {
        counts.wrongPlayed++;
      }
    } else if (suggestions.some((suggestion) => suggestion.answerId === question.answerId)) {
      counts.offered++;
    }
  }
  for (const text of slice.offTopic) {
    const result = matcher.match(text);
    if (chooseSuggestions(result).length > 0) {
      counts.offOffered++;
    } else if (result.decision.kind === 'answer') {
      counts.offPlayed++;
    }
  }
  const total = questions.length;
  return {
    bestMatch: counts.best / total,
    rightPlayed: counts.rightPlayed / total,
    wrongPlayed: counts.wrongPlayed / total,
    rightPlayedOrOffered: (counts.rightPlayed + counts.offered) / total,
    offTopicPlayed: counts.offPlayed / slice.offTopic.length,
    offTopicOffered: counts.offOffered / slice.offTopic.length,
  };
}

/** The questions the first half teaches: each visitor's pressed suggestion, by answer. */
function teach(
  matcher: Matcher,
  questions: FaqSlice['questions'],
  isHonest: boolean,
): { learned: Map<string, string[]>; pressed: number } {
  const learned = new Map<string, string[]>();
  let pressed = 0;
  for (const question of questions) {
    const suggestions = chooseSuggestions(matcher.match(question.text));
    const choice = suggestions.find(
      (suggestion) => (suggestion.answerId === question.answerId) === isHonest,
    );
    const list = choice ? (learned.get(choice.answerId) ?? []) : [];
    if (choice && list.length < LEARNED_PER_ANSWER) {
      learned.set(choice.answerId, [...list, question.text]);
      pressed++;
    }
  }
  return { learned, pressed };
}

export function runLearningSection(slice: FaqSlice, embedder: Embedder): void {
  const firstHalf = slice.questions.filter((_, position) => position % 2 === 0);
  const secondHalf = slice.questions.filter((_, position) => position % 2 === 1);
  const before = build(slice, embedder, new Map());
  const rows: [string, Outcomes][] = [['before learning', measure(before, slice, secondHalf)]];
  for (const isHonest of [true, false]) {
    const { learned, pressed } = teach(before, firstHalf, isHonest);
    const after = build(slice, embedder, learned);
    const who = isHonest ? 'the right suggestion' : 'a wrong suggestion, on purpose';
    rows.push([`after ${pressed} visitors pressed ${who}`, measure(after, slice, secondHalf)]);
  }
  console.log(
    `\nlearning simulation (${slice.name}, combined + transcripts, policy at its automatic point): ` +
      `the first half of the held-out questions teach, the second half (${secondHalf.length}) is measured\n`,
  );
  printTable(
    [
      'second half',
      'best match',
      'right played',
      'wrong played',
      'right played or offered (≤ 3)',
      'off-topic played',
      'off-topic offered',
    ],
    rows.map(([name, outcome]) => [
      name,
      formatRate(outcome.bestMatch),
      formatRate(outcome.rightPlayed),
      formatRate(outcome.wrongPlayed),
      formatRate(outcome.rightPlayedOrOffered),
      formatRate(outcome.offTopicPlayed),
      formatRate(outcome.offTopicOffered),
    ]),
  );
  console.log(
    `pressed questions are added as alternates of the answer pressed (≤ ${LEARNED_PER_ANSWER} an ` +
      "answer, no weighting below the author's alternates): the simplest learning, measured; the " +
      'studio does not learn from its visitors yet.\n',
  );
}
