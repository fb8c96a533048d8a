import {
  cleanAlternates,
  MAX_ALTERNATES_PER_QUESTION,
  normalizeQuestionText,
  RECORD_QUEUE_TOPIC_NAME,
  REVIEW_QUESTION_NOT_FOUND_MESSAGE,
  type ReviewChange,
  type ReviewPreview,
} from '@conversa/contracts';
import { normalizeText } from '@conversa/matching';
import { badRequest } from '../../http/errors.ts';
import {
  getTrainedStoryfileMatcher,
  type ConversationEngine,
  type MatchableAnswer,
} from '../conversations/index.ts';
import {
  comparePastQuestions,
  describeNoMoves,
  loadPastQuestions,
  type PreviewOutcome,
} from './past-questions.ts';
import { getDistinctPhrasings, loadEntries, type ReviewEntry } from './review-entries.ts';

/** What a correct match does to the script: alternates added to the chosen answer, duplicates dropped elsewhere. */
export interface CorrectionPlan {
  target: MatchableAnswer;
  added: string[];
  removed: { questionId: string; text: string }[];
}

function planCorrection(
  answers: ReadonlyMap<string, MatchableAnswer>,
  questionId: string,
  entries: readonly ReviewEntry[],
): CorrectionPlan {
  const target = answers.get(questionId);
  if (!target) {
    throw badRequest(REVIEW_QUESTION_NOT_FOUND_MESSAGE);
  }
  const own = new Set([target.text, ...target.alternates].map((text) => normalizeText(text)));
  const added = getDistinctPhrasings(entries)
    .filter((phrasing) => !own.has(phrasing.key))
    .map((phrasing) => phrasing.text);
  const addedKeys = new Set(getDistinctPhrasings(entries).map((phrasing) => phrasing.key));
  const removed: CorrectionPlan['removed'] = [];
  for (const answer of answers.values()) {
    if (answer.questionId === questionId) {
      continue;
    }
    for (const alternate of answer.alternates) {
      if (addedKeys.has(normalizeText(alternate))) {
        removed.push({ questionId: answer.questionId, text: alternate });
      }
    }
  }
  if (target.alternates.length + added.length > MAX_ALTERNATES_PER_QUESTION) {
    throw badRequest(
      `"${target.text}" would have ${target.alternates.length + added.length} alternate phrasings; a question can have at most ${MAX_ALTERNATES_PER_QUESTION}. Remove some of its alternates first, or choose fewer questions.`,
    );
  }
  return { target, added, removed };
}

/** The answers a correction changes, as they would be after it. */
function getCorrectedAnswers(
  answers: ReadonlyMap<string, MatchableAnswer>,
  plan: CorrectionPlan,
): MatchableAnswer[] {
  const changed = new Map<string, MatchableAnswer>();
  changed.set(plan.target.questionId, {
    ...plan.target,
    alternates: [...plan.target.alternates, ...plan.added],
  });
  for (const { questionId, text } of plan.removed) {
    const original = changed.get(questionId) ?? answers.get(questionId);
    if (original) {
      changed.set(questionId, {
        ...original,
        alternates: original.alternates.filter((alternate) => alternate !== text),
      });
    }
  }
  return [...changed.values()];
}

/** Stands for the question "Add to record queue" would create, until it has an id. */
const QUEUED_QUESTION_ID = 'queued-question';

/**
 * The question "Add to record queue" adds to the script, not recorded: a past question it would
 * win plays the cannot-answer clip instead of the answer it had. None when the script already
 * has the question (it is only marked "To record").
 */
function getQueuedAnswers(
  answers: ReadonlyMap<string, MatchableAnswer>,
  text: string,
  entries: readonly ReviewEntry[],
): MatchableAnswer[] {
  const key = normalizeQuestionText(text);
  if ([...answers.values()].some((answer) => normalizeQuestionText(answer.text) === key)) {
    return [];
  }
  const alternates = cleanAlternates(
    text,
    entries.map((entry) => entry.questionText),
  ).slice(0, MAX_ALTERNATES_PER_QUESTION);
  return [
    {
      questionId: QUEUED_QUESTION_ID,
      text,
      alternates,
      topicId: QUEUED_QUESTION_ID,
      topicName: RECORD_QUEUE_TOPIC_NAME,
      isRecorded: false,
      assetId: null,
      files: {},
    },
  ];
}

/** The question text "Add to record queue" records: the one given, else the first exchange's. */
export function getQueuedText(
  change: Extract<ReviewChange, { kind: 'record' }>,
  entries: readonly ReviewEntry[],
): string {
  return change.text ?? entries[0]!.questionText.trim();
}

/**
 * What a review change would do to past questions. A correct match and a question added to the
 * record queue change the script, so every past question is asked again; out of scope and ignore
 * change review states only.
 */
export async function buildPreview(
  engine: ConversationEngine,
  storyfileId: string,
  change: ReviewChange,
  entries: readonly ReviewEntry[],
): Promise<PreviewOutcome & { plan: CorrectionPlan | null }> {
  const [current, past] = await Promise.all([
    getTrainedStoryfileMatcher(engine, storyfileId),
    loadPastQuestions(engine.db, storyfileId),
  ]);
  const { answers } = current;
  if (change.kind === 'correct') {
    const plan = planCorrection(answers, change.questionId, entries);
    const trial = { answers: getCorrectedAnswers(answers, plan) };
    return { ...comparePastQuestions(current, trial, past, plan.target.questionId), plan };
  }
  if (change.kind === 'record') {
    const trial = { answers: getQueuedAnswers(answers, getQueuedText(change, entries), entries) };
    return { ...comparePastQuestions(current, trial, past), plan: null };
  }
  return {
    preview: describeNoMoves(past, current.matcher.getThresholdReport()),
    movedToTarget: [],
    plan: null,
  };
}

/** What the change would do, without doing it. */
export async function previewReviewChange(
  engine: ConversationEngine,
  storyfileId: string,
  change: ReviewChange,
): Promise<ReviewPreview> {
  const entries = await loadEntries(engine.db, storyfileId, change.entryIds);
  return (await buildPreview(engine, storyfileId, change, entries)).preview;
}
