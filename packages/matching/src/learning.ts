// What a storyfile learns from its visitors (issue 50 item 2), with its safeguards: a visitor's
// question labelled with an answer (a pressed "Did you mean…?" suggestion, a thumbs-up rating, an
// author's correction) teaches the matcher only once enough distinct visitors gave the same label
// (to it, or to a question much like it), or an author did; a visitor is told apart by their
// client (a network, not a cookie: anyone can mint cookies) and counts at most once per label, and
// a client labelling faster than people do counts for its first labels only (issue 67 item 1); a
// question labelled with two answers teaches the one most visitors chose, or nothing on a tie; each
// answer learns at most `perAnswer` questions. The studio (the server's matcher cache and Response
// quality's review) and the benchmark's simulation both go through `reviewLearnedLabels`, so what
// is measured is what the studio does.
import { classifyTerm } from './function-words.ts';
import type { Embedder } from './types.ts';
import { dot } from './vector-math.ts';
import { normalizeText, tokenizeText } from './normalize.ts';
import { stemWord } from './stem.ts';

/** One label: a visitor's question and the answer it was labelled with. */
export interface LearnedLabel {
  answerId: string;
  /** The question as the visitor asked it. */
  text: string;
  /** Who labelled it (any stable key: `visitor:<id>`, `user:<iam>`). */
  visitor: string;
  /**
   * Where from: the client's network (`net:203.0.113.0/24`), which distinct visitors are counted
   * by; default `visitor`. Many cookies from one network are one visitor.
   */
  client?: string;
  /** An author's correction: confirmed on its own. */
  isAuthor?: boolean;
  /** When (ms since the epoch); the latest label of a question is its `lastAt`. */
  at?: number;
  /** The question's key when the caller has one stored; default `normalizeText(text)`. */
  key?: string;
}

export interface LearningSettings {
  /** Distinct visitors who must give the same label before it teaches (an author's counts alone). */
  minVisitors: number;
  /** Questions one answer learns at most (the most confirmed, then the latest). */
  perAnswer: number;
  /**
   * Visitors who gave the same answer to a question much like this one count for it too: one whose
   * content words (stemmed) are at least this share of the two questions' together. `null`: the
   * same question only. Visitors rarely ask a question word for word as another did.
   */
  alikeShare: number | null;
  /**
   * With the sentence model's vectors (`reviewLearnedLabels`'s `meaning`), two questions are also
   * alike when their cosine is at least this; `null`: by words only.
   */
  alikeMeaning: number | null;
  /**
   * Labels one client gives the storyfile in an hour that count at most (an author's aside): a
   * client labelling faster is a script, and its further labels count for nothing.
   */
  perClientHour: number;
}

/**
 * Measured by the learning simulation (README, "Learning from visitors"): with each question asked
 * by one visitor, the same question only taught 9 of 723 presses, a half share 195 (best match 56.3
 * → 69.0%), a third 316 at 9.1% wrong played.
 */
export const DEFAULT_LEARNING: Readonly<LearningSettings> = Object.freeze({
  minVisitors: 2,
  perAnswer: 10,
  alikeShare: 0.5,
  alikeMeaning: null,
  perClientHour: 10,
});

const HOUR_MS = 3_600_000;

/**
 * The cosine at which two visitors' questions are alike, per sentence model, measured by the
 * learning simulation on every shape (issue 66; matching README): all-MiniLM-L6-v2 at 0.6 raised
 * right played on all five shapes, more than words alone. USE lite is not measured: words alone.
 */
const ALIKE_MEANING: Readonly<Record<string, number>> = { 'all-minilm-l6-v2': 0.6 };

/** The studio's learning rule with this sentence model (`Embedder.id`), or with words alone. */
export function learningSettingsFor(embedderId: string | undefined): LearningSettings {
  const alikeMeaning = embedderId === undefined ? undefined : ALIKE_MEANING[embedderId];
  return alikeMeaning === undefined ? DEFAULT_LEARNING : { ...DEFAULT_LEARNING, alikeMeaning };
}

/**
 * `learned`: the matcher uses it; `waiting`: fewer visitors than `minVisitors` so far; `contested`:
 * the same question was labelled with another answer by as many visitors or more (or by an author);
 * `capped`: its answer already learned `perAnswer` better-confirmed questions.
 */
export type LearnedStatus = 'learned' | 'waiting' | 'contested' | 'capped';

/** One question and answer pair, with what its labels add up to. */
export interface LearnedQuestion {
  answerId: string;
  /** The matcher's normalisation of the question: equal keys are the same question. */
  key: string;
  /** The question as first asked. */
  text: string;
  /** Distinct visitors, one per client, who gave it (or its answer to a question much like it). */
  visitors: number;
  isAuthor: boolean;
  firstAt: number;
  lastAt: number;
  status: LearnedStatus;
}

function strength(question: LearnedQuestion): number {
  return question.isAuthor ? Number.POSITIVE_INFINITY : question.visitors;
}

/** Every labelled question and answer pair with its status, most confirmed first. */
export function reviewLearnedLabels(
  labels: readonly LearnedLabel[],
  settings: LearningSettings = DEFAULT_LEARNING,
  meaning?: Embedder,
): LearnedQuestion[] {
  const groups = new Map<string, LearnedQuestion & { keys: Set<string> }>();
  for (const label of withinClientRate(labels, settings.perClientHour)) {
    const key = label.key ?? normalizeText(label.text);
    if (key === '') {
      continue;
    }
    const id = `${label.answerId}\u0000${key}`;
    const at = label.at ?? 0;
    const group = groups.get(id) ?? {
      answerId: label.answerId,
      key,
      text: label.text.trim(),
      visitors: 0,
      isAuthor: false,
      firstAt: at,
      lastAt: at,
      status: 'waiting' as LearnedStatus,
      keys: new Set<string>(),
    };
    group.keys.add(label.client ?? label.visitor);
    group.visitors = group.keys.size;
    group.isAuthor ||= label.isAuthor === true;
    if (at < group.firstAt) {
      group.firstAt = at;
      group.text = label.text.trim();
    }
    group.lastAt = Math.max(group.lastAt, at);
    groups.set(id, group);
  }
  if (settings.alikeShare !== null || settings.alikeMeaning !== null) {
    countAlikeVisitors([...groups.values()], settings, meaning);
  }
  const questions = [...groups.values()].map(({ keys: _keys, ...question }) => question);
  // One answer per question: the strongest label, and none on a tie.
  const strongest = new Map<string, number[]>();
  for (const question of questions) {
    const list = strongest.get(question.key) ?? [];
    list.push(strength(question));
    strongest.set(question.key, list);
  }
  const order = (a: LearnedQuestion, b: LearnedQuestion): number =>
    strength(b) - strength(a) ||
    b.visitors - a.visitors ||
    b.lastAt - a.lastAt ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  questions.sort(order);
  const learnedPerAnswer = new Map<string, number>();
  for (const question of questions) {
    const mine = strength(question);
    const rivals = strongest.get(question.key)!.filter((other, index, all) => {
      return index !== all.indexOf(mine) && other >= mine;
    });
    if (!question.isAuthor && question.visitors < settings.minVisitors) {
      question.status = 'waiting';
    } else if (rivals.length > 0) {
      question.status = 'contested';
    } else if ((learnedPerAnswer.get(question.answerId) ?? 0) >= settings.perAnswer) {
      question.status = 'capped';
    } else {
      question.status = 'learned';
      learnedPerAnswer.set(question.answerId, (learnedPerAnswer.get(question.answerId) ?? 0) + 1);
    }
  }
  return questions;
}

/**
 * The labels that count: every author's, and of each client's the first `perHour` in any hour (by
 * `at`); the rest came faster than a person labels.
 */
function withinClientRate(labels: readonly LearnedLabel[], perHour: number): LearnedLabel[] {
  const byClient = new Map<string, LearnedLabel[]>();
  for (const label of labels) {
    if (label.isAuthor !== true) {
      const client = label.client ?? label.visitor;
      const own = byClient.get(client) ?? [];
      own.push(label);
      byClient.set(client, own);
    }
  }
  const counted = new Set<LearnedLabel>();
  for (const own of byClient.values()) {
    own.sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
    const window: number[] = [];
    for (const label of own) {
      const at = label.at ?? 0;
      while (window.length > 0 && window[0]! <= at - HOUR_MS) {
        window.shift();
      }
      if (window.length < perHour) {
        window.push(at);
        counted.add(label);
      }
    }
  }
  return labels.filter((label) => label.isAuthor === true || counted.has(label));
}

/** A question's content words, stemmed (no function, question or framing words). */
function contentStems(text: string): Set<string> {
  return new Set(
    tokenizeText(text)
      .map(stemWord)
      .filter((stem) => classifyTerm(stem) === 'content'),
  );
}

interface AlikeParts {
  stems: Set<string>;
  vector: Float32Array | undefined;
}

/**
 * Counts in each group's `visitors` those who gave its answer to a question much like it: content
 * words in common at least `alikeShare` of both questions' together, or (with `meaning`) a cosine
 * of at least `alikeMeaning`.
 */
function countAlikeVisitors(
  groups: (LearnedQuestion & { keys: Set<string> })[],
  settings: LearningSettings,
  meaning: Embedder | undefined,
): void {
  const byAnswer = new Map<string, ({ group: (typeof groups)[number] } & AlikeParts)[]>();
  for (const group of groups) {
    const list = byAnswer.get(group.answerId) ?? [];
    const vector = settings.alikeMeaning === null ? undefined : meaning?.embed(group.text);
    list.push({ group, stems: contentStems(group.text), vector });
    byAnswer.set(group.answerId, list);
  }
  for (const list of byAnswer.values()) {
    for (const mine of list) {
      const visitors = new Set(mine.group.keys);
      for (const other of list) {
        if (other !== mine && isAlike(mine, other, settings)) {
          other.group.keys.forEach((visitor) => visitors.add(visitor));
        }
      }
      mine.group.visitors = visitors.size;
    }
  }
}

function isAlike(a: AlikeParts, b: AlikeParts, settings: LearningSettings): boolean {
  if (settings.alikeMeaning !== null && a.vector && b.vector) {
    if (dot(a.vector, b.vector) >= settings.alikeMeaning) {
      return true;
    }
  }
  if (settings.alikeShare === null) {
    return false;
  }
  let shared = 0;
  for (const stem of a.stems) {
    if (b.stems.has(stem)) {
      shared++;
    }
  }
  const together = a.stems.size + b.stems.size - shared;
  return together > 0 && shared / together >= settings.alikeShare;
}

/** The questions each answer learned (`AnswerInput.learned`), by answer id. */
export function selectLearnedQuestions(
  labels: readonly LearnedLabel[],
  settings: LearningSettings = DEFAULT_LEARNING,
  meaning?: Embedder,
): Map<string, string[]> {
  const learned = new Map<string, string[]>();
  for (const question of reviewLearnedLabels(labels, settings, meaning)) {
    if (question.status === 'learned') {
      learned.set(question.answerId, [...(learned.get(question.answerId) ?? []), question.text]);
    }
  }
  return learned;
}
