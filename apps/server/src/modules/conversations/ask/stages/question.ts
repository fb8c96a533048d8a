import { applyHeardAsRules } from '@conversa/contracts';
import type { AskInput } from '../../ask.types.ts';
import type { ConversationEngine } from '../../engine.ts';
import type { OnRecorded } from '../../exchange.ts';
import { getOwnThreshold } from '../../scoring/question-scorer.ts';
import type { AskedQuestion } from '../ask-values.ts';

/**
 * The ask's first stage: the storyfile's matcher, brought up to date (the stamp check), and the
 * words it will match. A typed question's vector is made while the stamp is read (a spoken one's
 * readings are made together by the reading choice). A spoken transcript gets the custom words'
 * "heard as" rules first ("mill walkie" → "Milwaukee"); the chat log keeps the text matched.
 */
export async function readQuestion(
  engine: ConversationEngine,
  input: AskInput,
  onRecorded: OnRecorded | undefined,
): Promise<AskedQuestion> {
  const isSpoken = input.inputMode === 'spoken';
  let threshold: Promise<number> | undefined;
  const [entry] = await Promise.all([
    engine.matchers.getMatcher(engine.db, input.storyfileId),
    isSpoken ? undefined : engine.vectors?.prepareQuestion(input.text),
  ]);
  return {
    input,
    onRecorded,
    entry,
    text: isSpoken ? applyHeardAsRules(input.text, entry.heardAsRules).text : input.text,
    isSpoken,
    isUnintelligible: isSpoken && input.text.trim() === '',
    ownThreshold: () => (threshold ??= getOwnThreshold(engine, input.storyfileId, entry)),
  };
}
