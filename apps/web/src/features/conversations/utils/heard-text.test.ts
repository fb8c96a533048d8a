// Issue 68, item 8: a garbled spoken question showed the visitor "or lot do you" (the browser's
// first reading) and the chat log "or won you" (the reading the storyfile went by). The player now
// writes the words the answer says the storyfile heard, which are the log's.
import type { PublicAskResponse } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { INITIAL_PLAYER_STATE, reducePlayer, type PlayerState } from './player-machine';

const answer: PublicAskResponse = {
  conversationId: '6f1d2c9e-0000-4000-8000-000000000001',
  exchangeId: '6f1d2c9e-0000-4000-8000-0000000000e1',
  decision: { kind: 'fallback', reason: 'readings-disagree' },
  media: null,
  message: "Sorry, I didn't catch that.",
  clarification: null,
  suggestions: [],
  topics: [],
};

function ask(text: string, inputMode: 'typed' | 'spoken', result: PublicAskResponse): PlayerState {
  const started = reducePlayer(INITIAL_PLAYER_STATE, { type: 'start', intro: null });
  const asking = reducePlayer(started, { type: 'askStarted', text, inputMode });
  return reducePlayer(asking, { type: 'askSucceeded', result });
}

describe("the visitor's words in the transcript", () => {
  it('are the reading the storyfile went by, as the chat log keeps it', () => {
    const state = ask('or lot do you', 'spoken', { ...answer, heardText: 'or won you' });
    expect(state.transcript[0]).toMatchObject({
      speaker: 'visitor',
      text: 'or won you',
      inputMode: 'spoken',
    });
  });

  it('are what was typed when the answer names no reading (a typed question, an older studio)', () => {
    expect(ask('where were you born', 'typed', answer).transcript[0]?.text).toBe(
      'where were you born',
    );
    expect(ask('or lot do you', 'spoken', { ...answer, heardText: null }).transcript[0]?.text).toBe(
      'or lot do you',
    );
  });
});
