import type { AskInput, AskOutcome } from '../ask.types.ts';
import type { ConversationEngine } from '../engine.ts';
import type { OnRecorded } from '../exchange.ts';
import { toAskOutcome } from './outcome.ts';
import { chooseSpokenReading } from './stages/reading.ts';
import { clarify } from './stages/clarify.ts';
import { logExchange } from './stages/log.ts';
import { matchQuestion } from './stages/match.ts';
import { signMedia } from './stages/media.ts';
import { readQuestion } from './stages/question.ts';
import { chooseStory } from './stages/story-choice.ts';

/** The ask's stages, in the order every ask enters them, once each. */
export const ASK_STAGES = [
  'question',
  'story choice',
  'reading choice',
  'match',
  'clarify',
  'media',
  'log',
] as const;

export type AskStage = (typeof ASK_STAGES)[number];

export interface AskOptions {
  /** Called with each exchange in the transaction that logs it. */
  onRecorded?: OnRecorded;
  /** Told each stage as the ask enters it (the shape's test). */
  onStage?: (stage: AskStage) => void;
}

/**
 * Answers one question: the stages of `ARCHITECTURE.md`, each entered once, each taking the one
 * value the stage before returned (`ask-values.ts`) and handing it on with its own part added.
 *
 * 1. question: the storyfile's matcher (the stamp check) and the words ("heard as" applied);
 * 2. story choice: with a published ink story, open it; `start` only opens the conversation; a
 *    choice the asker picked or their words fit moves the story (nothing is matched);
 * 3. reading choice: a spoken question's reading among the recognizer's n-best, or misheard;
 * 4. match or pressed suggestion: the decision (answer, or the fallback and why);
 * 5. clarify: "Did you mean…?", or the topics and starters after a second fallback;
 * 6. media: what plays, signed (the answer's video, a clip, the author's text or the spec's
 *    message; a story's lines);
 * 7. log: the exchange in its conversation, the story's state saved.
 *
 * A story that fails (a runtime error, a broken state) never fails the ask.
 */
export async function askStoryfile(
  engine: ConversationEngine,
  input: AskInput,
  options: AskOptions = {},
): Promise<AskOutcome> {
  const enter = options.onStage ?? (() => undefined);
  enter('question');
  const asked = await readQuestion(engine, input, options.onRecorded);
  enter('story choice');
  const storied = await chooseStory(engine, asked);
  enter('reading choice');
  const read = await chooseSpokenReading(engine, storied);
  enter('match');
  const matched = await matchQuestion(engine, read);
  enter('clarify');
  const clarified = await clarify(engine, matched);
  enter('media');
  const played = await signMedia(engine, clarified);
  enter('log');
  return await toAskOutcome(await logExchange(engine, played), engine.embedder);
}
