// The learning simulation of issue 50, item 2, on the studio's own code path: labels go through
// `selectLearnedQuestions` (the safeguards: distinct visitors, contested questions, a cap per
// answer) into each answer's `learned` questions (weighed below the author's phrasings), as the
// server's matcher cache does. On the development benchmark with transcripts and vectors, the first
// half of the held-out questions (even positions) ask in turn, each from a visitor of its own: one
// asked back presses the right suggestion when it is offered (honest) or a wrong one on purpose
// (adversarial); what is learned is handed to the matcher every `BATCH` visitors (the studio does
// it at the next ask); the second half (odd positions) is measured before and after.
import {
  chooseSuggestions,
  createMatcher,
  DEFAULT_LEARNING,
  learningSettingsFor,
  reviewLearnedLabels,
  selectLearnedQuestions,
  tuningFor,
  withPressedAnswers,
} from '../src/index.ts';
import type { MatchResult, PressedQuestion, Suggestion } from '../src/index.ts';
import type { Embedder, LearnedLabel, LearningSettings, Matcher } from '../src/index.ts';
import type { FaqSlice } from './faq.ts';
import { formatRate, printTable } from './format.ts';

/** Visitors between two updates of the matcher (a bound on the simulation's recalibrations). */
const BATCH = 100;

export interface LearningOutcomes {
  bestMatch: number;
  rightPlayed: number;
  wrongPlayed: number;
  rightPlayedOrOffered: number;
  /** In-scope questions asked back ("Did you mean…?"), whichever answers it offered. */
  askedBack: number;
  /** Null when the shape has no off-topic questions. */
  offTopicPlayed: number | null;
  offTopicOffered: number | null;
}

export interface Scenario {
  name: string;
  isHonest: boolean;
  settings: LearningSettings;
  /** Who presses: each question its own visitor(s), or one visitor for every question. */
  visitorsOf: (position: number) => string[];
  /**
   * One press offers its answer at once to questions close in meaning (`withPressedAnswers`, at
   * the rule's `alikeMeaning`), until a second network agrees.
   */
  offersPressed?: boolean;
  /** The network a visitor presses from (`LearnedLabel.client`); default their own. */
  clientOf?: (visitor: string) => string;
  /**
   * Whether the questions asked so far are also the storyfile's log of what visitors asked
   * (unlabelled; `setVisitorQuestions`), taken every `BATCH` visitors as the studio does.
   */
  withLog?: boolean;
}

export function build(slice: FaqSlice, embedder: Embedder): Matcher {
  const matcher = createMatcher({ embedder });
  for (const answer of slice.answers) {
    matcher.upsertAnswer({
      id: answer.id,
      question: answer.question,
      transcript: answer.transcript,
    });
  }
  return matcher;
}

/** Hands the matcher what the labels teach, re-indexing only the answers whose list changed. */
function applyLearned(
  matcher: Matcher,
  slice: FaqSlice,
  labels: readonly LearnedLabel[],
  settings: LearningSettings,
  applied: Map<string, string[]>,
  meaning: Embedder,
): void {
  const learned = selectLearnedQuestions(labels, settings, meaning);
  for (const answer of slice.answers) {
    const next = learned.get(answer.id) ?? [];
    if ((applied.get(answer.id) ?? []).join('\u0000') !== next.join('\u0000')) {
      matcher.upsertAnswer({ ...answer, learned: next });
      applied.set(answer.id, next);
    }
  }
}

/** What one press offers at once: the questions waiting for a second network, and the bar. */
export interface Offering {
  pressed: PressedQuestion[];
  bar: number;
  embedder: Embedder;
}

/** The suggestions a visitor is offered: the matcher's, with what presses offer. */
function suggest(result: MatchResult, text: string, offering: Offering | undefined): Suggestion[] {
  const suggestions = chooseSuggestions(result);
  return offering
    ? withPressedAnswers(result, suggestions, offering.embedder.embed(text), offering.pressed, {
        bar: offering.bar,
        limit: 3,
      })
    : suggestions;
}

export function measure(
  matcher: Matcher,
  slice: FaqSlice,
  questions: FaqSlice['questions'],
  offering?: Offering,
): LearningOutcomes {
  const counts = {
    best: 0,
    rightPlayed: 0,
    wrongPlayed: 0,
    offered: 0,
    askedBack: 0,
    offPlayed: 0,
    offOffered: 0,
  };
  for (const question of questions) {
    const result = matcher.match(question.text);
    const suggestions = suggest(result, question.text, offering);
    if (result.candidates[0]?.answerId === question.answerId) {
      counts.best++;
    }
    if (suggestions.length > 0) {
      counts.askedBack++;
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
    if (suggest(result, text, offering).length > 0) {
      counts.offOffered++;
    } else if (result.decision.kind === 'answer') {
      counts.offPlayed++;
    }
  }
  const total = questions.length;
  const offTopic = slice.offTopic.length;
  return {
    bestMatch: counts.best / total,
    rightPlayed: counts.rightPlayed / total,
    wrongPlayed: counts.wrongPlayed / total,
    rightPlayedOrOffered: (counts.rightPlayed + counts.offered) / total,
    askedBack: counts.askedBack / total,
    offTopicPlayed: offTopic === 0 ? null : counts.offPlayed / offTopic,
    offTopicOffered: offTopic === 0 ? null : counts.offOffered / offTopic,
  };
}

/** The first half asks in turn; the matcher learns as the studio would. Returns what it learned. */
export function teach(
  matcher: Matcher,
  slice: FaqSlice,
  questions: FaqSlice['questions'],
  scenario: Scenario,
  embedder: Embedder,
): { pressed: number; learned: number; offering: Offering | undefined } {
  const labels: LearnedLabel[] = [];
  const applied = new Map<string, string[]>();
  const bar = scenario.settings.alikeMeaning;
  const offering: Offering | undefined =
    scenario.offersPressed && bar !== null ? { pressed: [], bar, embedder } : undefined;
  let pressed = 0;
  questions.forEach((question, position) => {
    for (const visitor of scenario.visitorsOf(position)) {
      const suggestions = suggest(matcher.match(question.text), question.text, offering);
      const choice = suggestions.find(
        (suggestion) => (suggestion.answerId === question.answerId) === scenario.isHonest,
      );
      if (choice) {
        labels.push({
          answerId: choice.answerId,
          text: question.text,
          visitor,
          client: scenario.clientOf?.(visitor) ?? visitor,
          // A visitor a minute: a person's pace.
          at: position * 60_000,
        });
        pressed++;
      }
    }
    if ((position + 1) % BATCH === 0 || position === questions.length - 1) {
      applyLearned(matcher, slice, labels, scenario.settings, applied, embedder);
      if (offering) {
        offering.pressed = waitingQuestions(labels, scenario.settings, embedder);
      }
      if (scenario.withLog) {
        matcher.setVisitorQuestions(questions.slice(0, position + 1).map(({ text }) => text));
      }
    }
  });
  const learned = [...applied.values()].reduce((sum, list) => sum + list.length, 0);
  return { pressed, learned, offering };
}

/** The labelled questions waiting for a second network, with their vectors. */
function waitingQuestions(
  labels: readonly LearnedLabel[],
  settings: LearningSettings,
  embedder: Embedder,
): PressedQuestion[] {
  return reviewLearnedLabels(labels, settings, embedder).flatMap((question) => {
    const vector = question.status === 'waiting' ? embedder.embed(question.text) : undefined;
    return vector ? [{ answerId: question.answerId, vector }] : [];
  });
}

/**
 * Prints the simulation's table; returns the second half's outcomes before learning and after the
 * first half taught the studio's way (honest visitors, one question each).
 */
export function runLearningSection(
  slice: FaqSlice,
  embedder: Embedder,
): { before: LearningOutcomes; after: LearningOutcomes } {
  const firstHalf = slice.questions.filter((_, position) => position % 2 === 0);
  const secondHalf = slice.questions.filter((_, position) => position % 2 === 1);
  const studio = learningSettingsFor(embedder.id);
  // The studio's ask offers what one press brought when it joins questions by meaning.
  const offers = studio.alikeMeaning !== null;
  const anyVisitor = { ...studio, minVisitors: 1 };
  const ownVisitor = (position: number) => [`visitor-${position}`];
  const scenarios: Scenario[] = [
    {
      name: 'honest, one visitor enough',
      isHonest: true,
      settings: anyVisitor,
      visitorsOf: ownVisitor,
    },
    {
      name: 'honest, the studio',
      isHonest: true,
      settings: studio,
      visitorsOf: ownVisitor,
      offersPressed: offers,
    },
    {
      name: 'honest, the studio, no press offers at once',
      isHonest: true,
      settings: studio,
      visitorsOf: ownVisitor,
    },
    {
      name: 'honest, alike by words only',
      isHonest: true,
      settings: DEFAULT_LEARNING,
      visitorsOf: ownVisitor,
    },
    {
      name: 'honest, the same question only',
      isHonest: true,
      settings: { ...studio, alikeShare: null, alikeMeaning: null },
      visitorsOf: ownVisitor,
    },
    {
      name: 'every visitor wrong on purpose, each once, the studio',
      isHonest: false,
      settings: studio,
      visitorsOf: ownVisitor,
    },
    {
      name: 'honest, the studio, each question asked by 2 visitors',
      isHonest: true,
      settings: studio,
      visitorsOf: (position) => [`visitor-${position}`, `visitor-${position}-again`],
    },
    {
      name: 'no presses, what was asked as the log (unlabelled)',
      isHonest: true,
      settings: studio,
      visitorsOf: () => [],
      withLog: true,
    },
    {
      name: 'honest, the studio, each question asked by 2 visitors, and the log',
      isHonest: true,
      settings: studio,
      visitorsOf: (position) => [`visitor-${position}`, `visitor-${position}-again`],
      withLog: true,
    },
    {
      name: 'every visitor wrong on purpose, 2 cookies each, the studio, and the log',
      isHonest: false,
      settings: studio,
      visitorsOf: (position) => [`attacker-${position}`, `attacker-${position}-again`],
      withLog: true,
    },
    {
      name: 'one visitor, wrong on purpose, the studio',
      isHonest: false,
      settings: studio,
      visitorsOf: () => ['attacker'],
    },
    {
      name: 'one visitor, wrong on purpose, one visitor enough',
      isHonest: false,
      settings: anyVisitor,
      visitorsOf: () => ['attacker'],
    },
    {
      name: 'every visitor wrong on purpose, 2 cookies each, the studio',
      isHonest: false,
      settings: studio,
      visitorsOf: (position) => [`attacker-${position}`, `attacker-${position}-again`],
    },
    ...attackScenarios(studio),
  ];
  const before = measure(build(slice, embedder), slice, secondHalf);
  const rows: [string, string, LearningOutcomes][] = [['before learning', '', before]];
  for (const scenario of scenarios) {
    const matcher = build(slice, embedder);
    const { pressed, learned, offering } = teach(matcher, slice, firstHalf, scenario, embedder);
    const outcome =
      learned === 0 && !scenario.withLog && !offering
        ? before
        : measure(matcher, slice, secondHalf, offering);
    rows.push([scenario.name, `${pressed} / ${learned}`, outcome]);
  }
  console.log(
    `\nlearning simulation (${slice.name}, combined + transcripts, policy at its automatic point): ` +
      `the first half of the held-out questions (${firstHalf.length}) teach, the second half ` +
      `(${secondHalf.length}) is measured; the studio: a label teaches once ${studio.minVisitors} ` +
      `distinct visitors gave it, to it or to a question sharing ≥ ${studio.alikeShare ?? 1} of ` +
      `its content words${studio.alikeMeaning === null ? '' : ` or of cosine ≥ ${studio.alikeMeaning}`}, ` +
      `≤ ${studio.perAnswer} questions an answer, learned questions ` +
      `weigh ${tuningFor(embedder.id).learnedWeight} of an author's phrasing; "the log": the questions asked ` +
      'so far are also its log of what visitors asked, taken every 100 visitors\n',
  );
  printTable(
    [
      'second half',
      'presses / learned',
      'best match',
      'right played',
      'wrong played',
      'right played or offered (≤ 3)',
      'asked back',
      'off-topic played',
      'off-topic offered',
    ],
    rows.map(([name, taught, outcome]) => [
      name,
      taught,
      formatRate(outcome.bestMatch),
      formatRate(outcome.rightPlayed),
      formatRate(outcome.wrongPlayed),
      formatRate(outcome.rightPlayedOrOffered),
      formatRate(outcome.askedBack),
      formatRate(outcome.offTopicPlayed),
      formatRate(outcome.offTopicOffered),
    ]),
  );
  const studioRow = rows.find(([name]) => name === 'honest, the studio');
  return { before, after: studioRow ? studioRow[2] : before };
}

/**
 * The attacks of issue 67 item 1, the studio counting networks: every visitor wrong on purpose with
 * 2 cookies from one network each, and a crowd of 50 cookies from one network.
 */
export function attackScenarios(settings: LearningSettings): Scenario[] {
  return [
    {
      name: 'every visitor wrong on purpose, 2 cookies from one network each',
      isHonest: false,
      settings,
      visitorsOf: (position) => [`attacker-${position}`, `attacker-${position}-again`],
      clientOf: (visitor) => visitor.replace(/-again$/, ''),
    },
    {
      name: 'a crowd of 50 cookies from one network, wrong on purpose',
      isHonest: false,
      settings,
      visitorsOf: (position) => [`crowd-${position % 50}`],
      clientOf: () => 'crowd-network',
    },
  ];
}
