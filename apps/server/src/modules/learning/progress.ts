import type { CompletionRule, Progress, ProgressState } from '@conversa/contracts';

/** What one student did in one activity, as the progress query reads it from the chat log. */
export interface AttemptFigures {
  questionsAsked: number;
  distinctAnswers: number;
  topicsCovered: number;
  seconds: number;
  firstAt: Date | null;
  lastAt: Date | null;
  /** When each criterion of the rule was first met (null: not met, or not in the rule). */
  questionsMetAt: Date | null;
  answersMetAt: Date | null;
  topicsMetAt: Date | null;
  minutesMetAt: Date | null;
}

export const NO_FIGURES: AttemptFigures = {
  questionsAsked: 0,
  distinctAnswers: 0,
  topicsCovered: 0,
  seconds: 0,
  firstAt: null,
  lastAt: null,
  questionsMetAt: null,
  answersMetAt: null,
  topicsMetAt: null,
  minutesMetAt: null,
};

/** The rule's criteria as (value so far, target, when met). */
function listCriteria(rule: CompletionRule, figures: AttemptFigures) {
  const criteria: { value: number; target: number; metAt: Date | null }[] = [];
  if (rule.questionsAsked !== undefined) {
    criteria.push({
      value: figures.questionsAsked,
      target: rule.questionsAsked,
      metAt: figures.questionsMetAt,
    });
  }
  if (rule.distinctAnswers !== undefined) {
    criteria.push({
      value: figures.distinctAnswers,
      target: rule.distinctAnswers,
      metAt: figures.answersMetAt,
    });
  }
  if (rule.topicIds !== undefined) {
    criteria.push({
      value: figures.topicsCovered,
      target: rule.topicIds.length,
      metAt: figures.topicsMetAt,
    });
  }
  if (rule.minutes !== undefined) {
    criteria.push({
      value: figures.seconds / 60,
      target: rule.minutes,
      metAt: figures.minutesMetAt,
    });
  }
  return criteria;
}

/**
 * A student's state under the rule: completed once every criterion is met (at the latest of their
 * times); late when completed after the due date, or not completed by it; otherwise in progress
 * after the first exchange, else not started. Progress is the mean share of each criterion met.
 */
export function computeProgress(
  rule: CompletionRule,
  dueAt: Date | null,
  figures: AttemptFigures,
  now: Date = new Date(),
): Progress {
  const criteria = listCriteria(rule, figures);
  const isComplete = criteria.length > 0 && criteria.every((criterion) => criterion.metAt !== null);
  const completedAt = isComplete
    ? new Date(Math.max(...criteria.map((criterion) => criterion.metAt!.getTime())))
    : null;
  const fraction =
    criteria.length === 0
      ? 0
      : criteria.reduce(
          (sum, criterion) => sum + Math.min(1, criterion.value / criterion.target),
          0,
        ) / criteria.length;
  let state: ProgressState;
  if (completedAt !== null) {
    state = dueAt !== null && completedAt > dueAt ? 'late' : 'completed';
  } else if (dueAt !== null && now > dueAt) {
    state = 'late';
  } else {
    state = figures.questionsAsked > 0 ? 'in_progress' : 'not_started';
  }
  return {
    state,
    fraction: isComplete ? 1 : Math.min(fraction, 0.99),
    questionsAsked: figures.questionsAsked,
    distinctAnswers: figures.distinctAnswers,
    topicsCovered: figures.topicsCovered,
    minutes: Math.round((figures.seconds / 60) * 10) / 10,
    firstAt: figures.firstAt?.toISOString() ?? null,
    lastAt: figures.lastAt?.toISOString() ?? null,
    completedAt: completedAt?.toISOString() ?? null,
  };
}

/** The rule in words, for the student's screen and the roster. */
export function describeRule(rule: CompletionRule): string[] {
  const words: string[] = [];
  const plural = (count: number, one: string, many: string) =>
    `${count} ${count === 1 ? one : many}`;
  if (rule.questionsAsked !== undefined) {
    words.push(`Ask ${plural(rule.questionsAsked, 'question', 'questions')}`);
  }
  if (rule.distinctAnswers !== undefined) {
    words.push(`Hear ${plural(rule.distinctAnswers, 'different answer', 'different answers')}`);
  }
  if (rule.topicIds !== undefined) {
    words.push(`Cover ${plural(rule.topicIds.length, 'topic', 'topics')}`);
  }
  if (rule.minutes !== undefined) {
    words.push(`Talk for ${plural(rule.minutes, 'minute', 'minutes')}`);
  }
  return words;
}
