// The speech bench's misheard questions (issue 52, item 3): what a spoken question the studio did
// not hear well enough was given (please-repeat, cannot-answer, a wrong answer or, rescued by
// another reading, the right one), beside the questions heard well and the off-topic ones.
import { splitIntoWords } from '../../src/modules/speech/language-model.ts';
import { percent, share, wordEdits, type Outcome, type SpokenOutcome } from './measures.ts';
import { GOALS, PLEASE_REPEAT_REASONS } from './options.ts';

/** What a spoken question was given. */
export type Given = 'right' | 'please-repeat' | 'cannot-answer' | 'wrong';
const GIVEN: readonly Given[] = ['right', 'please-repeat', 'cannot-answer', 'wrong'];

export function givenOf(spoken: SpokenOutcome, expected: string | null): Given {
  if (spoken.questionId !== null) {
    return spoken.questionId === expected ? 'right' : 'wrong';
  }
  return PLEASE_REPEAT_REASONS.has(spoken.reason ?? '') ? 'please-repeat' : 'cannot-answer';
}

/**
 * Misheard: a question the script answers (its own phrasing or a paraphrase) whose typed words
 * get the right answer, but whose recognizer's first reading, asked as if typed, does not: the
 * words heard alone would not reach the answer. Heard well: that reading, typed, does.
 */
export function isMisheard(outcome: Outcome): boolean {
  return (
    outcome.sentence.group !== 'off-topic' &&
    outcome.typedRight &&
    outcome.asTyped.questionId !== outcome.typedQuestionId
  );
}

/** Word error of the first reading against the sentence spoken. */
export function firstReadingWer(outcome: Outcome): number {
  const reference = splitIntoWords(outcome.sentence.text);
  return share(wordEdits(reference, splitIntoWords(outcome.heard.text)), reference.length);
}

type Tally = Record<Given, number> & { total: number };

function tally(list: readonly Outcome[]): Tally {
  const counts: Tally = { right: 0, 'please-repeat': 0, 'cannot-answer': 0, wrong: 0, total: 0 };
  for (const outcome of list) {
    counts[givenOf(outcome.readings, outcome.typedQuestionId)] += 1;
    counts.total += 1;
  }
  return counts;
}

const describe = (counts: Tally) =>
  GIVEN.map(
    (given) =>
      `${given} ${counts[given]}/${counts.total} (${percent(share(counts[given], counts.total))})`,
  ).join(', ');

/** Prints the misheard figures beside the goal and returns them for the results file. */
export function reportMisheard(outcomes: readonly Outcome[]) {
  const answerable = outcomes.filter(
    (outcome) => outcome.sentence.group !== 'off-topic' && outcome.typedRight,
  );
  const misheardScript = answerable.filter(
    (outcome) => isMisheard(outcome) && outcome.sentence.group === 'script',
  );
  const misheardParaphrase = answerable.filter(
    (outcome) => isMisheard(outcome) && outcome.sentence.group === 'paraphrase',
  );
  const heardWell = answerable.filter((outcome) => !isMisheard(outcome));
  const offTopic = outcomes.filter((outcome) => outcome.sentence.group === 'off-topic');
  const byWer = answerable.filter(
    (outcome) => outcome.sentence.group === 'script' && firstReadingWer(outcome) >= 0.3,
  );
  const figures = {
    misheardScript: tally(misheardScript),
    misheardParaphrase: tally(misheardParaphrase),
    heardWell: tally(heardWell),
    offTopic: tally(offTopic),
    scriptWerAtLeast30: tally(byWer),
  };
  const script = figures.misheardScript;
  const repeatShare = share(script['please-repeat'], script.total);
  const wrongShare = share(script.wrong, script.total);
  const verdict = (isMet: boolean) => (isMet ? 'met' : 'NOT MET');
  console.log('');
  console.log(
    'Issue 52 item 3, misheard: a question the script answers, right when typed, whose first reading asked as typed is not:',
  );
  console.log(`  misheard script questions: ${describe(script)}`);
  console.log(
    `    please-repeat ≥ ${GOALS.misheardPleaseRepeat * 100}%: ${verdict(repeatShare >= GOALS.misheardPleaseRepeat)} (with the right answer from another reading: ${percent(share(script['please-repeat'] + script.right, script.total))}); wrong ≤ ${GOALS.wrongAnswer * 100}%: ${verdict(wrongShare <= GOALS.wrongAnswer)}`,
  );
  console.log(`  misheard paraphrases: ${describe(figures.misheardParaphrase)}`);
  console.log(
    `  script questions whose first reading has WER ≥ 0.3: ${describe(figures.scriptWerAtLeast30)}`,
  );
  console.log(`  heard well (script and paraphrases): ${describe(figures.heardWell)}`);
  console.log(
    `  off-topic: please-repeat ${figures.offTopic['please-repeat']}/${offTopic.length}, cannot-answer ${figures.offTopic['cannot-answer']}/${offTopic.length}, answered ${figures.offTopic.wrong}/${offTopic.length}`,
  );
  const shown = [...misheardScript, ...misheardParaphrase];
  if (shown.length > 0) {
    console.log('  Misheard (heard ← said: given, confidence, readings):');
    for (const outcome of shown) {
      console.log(
        `    [${outcome.sentence.group}, ${outcome.voicing}] "${outcome.heard.text}" ← "${outcome.sentence.text}": ${givenOf(outcome.readings, outcome.typedQuestionId)}${outcome.readings.reason ? ` (${outcome.readings.reason})` : ''}, ${outcome.heard.confidence ?? '-'}, ${outcome.heard.alternatives.length}`,
      );
    }
  }
  return figures;
}
