import { sql } from 'drizzle-orm';
import {
  applyHeardAsRules,
  PREVIEW_EXCHANGE_LIMIT,
  type HeardAsRule,
  type ReviewPreview,
} from '@conversa/contracts';
import type { Category, Matcher, ThresholdReport, ThresholdSetting } from '@conversa/matching';
import {
  toAnswerInput,
  type MatchableAnswer,
  type StoryfileMatcher,
} from '../conversations/index.ts';
import type { Executor } from '../lists/index.ts';
import { chatLogEntries } from '../conversations/conversations.tables.ts';

/** At most this many moved questions are listed in a preview. */
const PREVIEW_MOVE_LIST_LIMIT = 200;

/** The played answer's question id, or null for any fallback (a not-recorded match plays no answer). */
function decide(matcher: Matcher, text: string): string | null {
  const { decision } = matcher.match(text, { limit: 1 });
  return decision.kind === 'answer' ? decision.answerId : null;
}

/**
 * Past questions' decisions by the storyfile's matcher as it stands, per matcher: kept while its
 * stamp and threshold stay the same, so a reviewer trying several changes in a row re-asks the
 * 10,000 past questions only against each trial matcher, not the unchanged one every time.
 */
const currentDecisions = new WeakMap<
  Matcher,
  { key: string; decisions: Map<string, string | null> }
>();

function decideCurrent(
  matcher: Matcher,
  stamp: string,
  threshold: number,
  texts: readonly string[],
): (string | null)[] {
  const key = `${stamp}#${threshold}`;
  let cached = currentDecisions.get(matcher);
  if (cached?.key !== key) {
    cached = { key, decisions: new Map() };
    currentDecisions.set(matcher, cached);
  }
  const { decisions } = cached;
  return texts.map((text) => {
    let decision = decisions.get(text);
    if (decision === undefined) {
      decision = decide(matcher, text);
      decisions.set(text, decision);
    }
    return decision;
  });
}

export interface PastQuestion {
  key: string;
  text: string;
  count: number;
}

/**
 * The storyfile's most recent exchanges, grouped by normalised text; `spokenOnly` keeps the spoken
 * ones (a custom word's "heard as" forms change only those).
 */
export async function loadPastQuestions(
  db: Executor,
  storyfileId: string,
  options: { spokenOnly?: boolean } = {},
): Promise<PastQuestion[]> {
  const spoken = options.spokenOnly ? sql`and input_mode = 'spoken'` : sql``;
  const result = await db.execute<{ key: string; text: string; count: number }>(sql`
    select normalized_text as key, min(question_text) as text, count(*)::int as count
    from (select normalized_text, question_text from ${chatLogEntries}
          where storyfile_id = ${storyfileId} and normalized_text <> '' ${spoken}
          order by created_at desc limit ${PREVIEW_EXCHANGE_LIMIT}) recent
    group by normalized_text`);
  return result.rows;
}

export interface PreviewOutcome {
  preview: ReviewPreview;
  /** Normalised texts the change moves onto the corrected answer (open items there close). */
  movedToTarget: string[];
}

/** A change to the storyfile's matcher, tried on it and undone before anything else runs. */
export interface MatcherTrial {
  /** Answers as they would be after the change; one the script does not have yet is added. */
  answers?: readonly MatchableAnswer[];
  /** The custom categories the matcher would fold. */
  categories?: Category[];
  /** The threshold setting the storyfile would have; unset keeps its own. */
  threshold?: ThresholdSetting;
  /**
   * "Heard as" rules a custom word adds: past questions are asked again with them applied (the
   * log keeps the text as matched, after the rules of its time). Give spoken questions only.
   */
  heardAsRules?: HeardAsRule[];
}

// A script of at least this many phrasings keeps an automatic threshold through small edits
// (packages/matching: RECALIBRATION_MIN_PHRASINGS); below it every edit recalibrates on the next ask.
const DRIFT_TOLERANT_PHRASINGS = 1_000;

function countPhrasings(answers: Iterable<MatchableAnswer>): number {
  let count = 0;
  for (const answer of answers) {
    count += new Set([answer.text, ...answer.alternates].map((text) => text.trim())).size;
  }
  return count;
}

/**
 * Tries the change on the cached matcher and restores it, all synchronously (no await in between),
 * so no ask ever sees the trial state. The threshold is not pinned: with the automatic one, the
 * matcher decides as it will after the change is applied, recalibrating if the change makes it
 * recalibrate, so a past question that would lose its answer through a threshold that moves is
 * counted like any other move (issue 28: a correct match moved the threshold from 0.30 to 0.33 and
 * a question answered at 0.32 fell back while the preview showed nothing of it).
 */
function tryChange(
  { matcher, answers, categories }: StoryfileMatcher,
  trial: MatcherTrial,
  texts: readonly string[],
): { after: (string | null)[]; report: ThresholdReport } {
  const before = matcher.getThresholdReport();
  const changed = trial.answers ?? [];
  let isRecalibrated = false;
  try {
    if (trial.threshold !== undefined) {
      matcher.setThreshold(trial.threshold);
    }
    if (trial.categories) {
      matcher.setCategories(trial.categories);
    }
    for (const answer of changed) {
      matcher.upsertAnswer(toAnswerInput(answer));
    }
    const report = matcher.getThresholdReport();
    isRecalibrated =
      before.source !== 'explicit' && report.source !== 'explicit' && report !== before;
    return { after: texts.map((text) => decide(matcher, text)), report };
  } finally {
    for (const answer of changed) {
      const original = answers.get(answer.questionId);
      if (original) {
        matcher.upsertAnswer(toAnswerInput(original));
      } else {
        matcher.removeAnswer(answer.questionId);
      }
    }
    matcher.setThreshold(before.setting);
    // Setting the categories again re-indexes and marks the calibration stale. A large script whose
    // trial recalibrated would otherwise keep the trial's threshold through the small edit that
    // restored it (its drift rule); a small one recalibrates on its next ask anyway.
    if (
      trial.categories ||
      (isRecalibrated && countPhrasings(answers.values()) >= DRIFT_TOLERANT_PHRASINGS)
    ) {
      matcher.setCategories(categories);
    }
  }
}

/**
 * Re-asks the storyfile's past questions against its matcher as it is and as it would be after
 * the change, and counts the moves: from fallback to an answer, from one answer to another, and
 * from an answer to fallback (a question that would lose its answer), listed first.
 */
export function comparePastQuestions(
  current: StoryfileMatcher,
  trial: MatcherTrial,
  past: readonly PastQuestion[],
  targetId: string | null = null,
): PreviewOutcome {
  const { matcher, stamp, answers } = current;
  const texts = past.map((question) => question.text);
  const reportBefore = matcher.getThresholdReport();
  const before = decideCurrent(matcher, stamp, reportBefore.threshold, texts);
  const rules = trial.heardAsRules ?? [];
  const afterTexts =
    rules.length === 0 ? texts : texts.map((text) => applyHeardAsRules(text, rules).text);
  const { after, report } = tryChange(current, trial, afterTexts);
  const names = new Map([...answers.values()].map((answer) => [answer.questionId, answer.text]));
  for (const answer of trial.answers ?? []) {
    names.set(answer.questionId, answer.text);
  }
  const questionText = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  const preview: ReviewPreview = {
    examined: past.reduce((sum, question) => sum + question.count, 0),
    moved: 0,
    fromFallback: 0,
    betweenAnswers: 0,
    toFallback: 0,
    threshold: {
      before: reportBefore.threshold,
      after: report.threshold,
      isAutomatic: report.source !== 'explicit',
    },
    moves: [],
  };
  const movedToTarget: string[] = [];
  past.forEach((question, index) => {
    const from = before[index] ?? null;
    const to = after[index] ?? null;
    if (from === to) {
      return;
    }
    preview.moved += question.count;
    if (from === null) {
      preview.fromFallback += question.count;
    } else if (to === null) {
      preview.toFallback += question.count;
    } else {
      preview.betweenAnswers += question.count;
    }
    if (to !== null && to === targetId) {
      movedToTarget.push(question.key);
    }
    preview.moves.push({
      questionText: question.text,
      count: question.count,
      before: { questionId: from, questionText: questionText(from) },
      after: { questionId: to, questionText: questionText(to) },
    });
  });
  // Questions that would lose their answer first: the list is cut, they never are.
  const isLost = (move: ReviewPreview['moves'][number]) =>
    move.before.questionId !== null && move.after.questionId === null;
  preview.moves.sort(
    (a, b) =>
      Number(isLost(b)) - Number(isLost(a)) ||
      b.count - a.count ||
      a.questionText.localeCompare(b.questionText),
  );
  preview.moves = preview.moves.slice(0, PREVIEW_MOVE_LIST_LIMIT);
  return { preview, movedToTarget };
}

/** A preview of a change that moves nothing the matcher does (only review states). */
export function describeNoMoves(
  past: readonly PastQuestion[],
  report: ThresholdReport,
): ReviewPreview {
  return {
    examined: past.reduce((sum, question) => sum + question.count, 0),
    moved: 0,
    fromFallback: 0,
    betweenAnswers: 0,
    toFallback: 0,
    threshold: {
      before: report.threshold,
      after: report.threshold,
      isAutomatic: report.source !== 'explicit',
    },
    moves: [],
  };
}
