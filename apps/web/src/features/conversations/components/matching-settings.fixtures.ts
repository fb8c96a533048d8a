import type { AskBackSettings, MatchingSettings } from '@conversa/contracts';

// One storyfile's Matching settings as the server answers them, for the tests of the section and
// its parts (the threshold, asking back, the sentence model's note).

export const ASK_BACK_SETTINGS: AskBackSettings = {
  playRisk: null,
  effectivePlayRisk: 0.1,
  defaultPlayRisk: 0.1,
  maxOffTopicPlayed: 0.04,
  playAt: 0.45,
  leadWeight: 2,
  offerAt: 0.2,
  offerBesideAt: 0.1,
  preview: { nearMissPlayed: 0.1, nearMissOffered: 0.6, offTopicPlayed: 0, offTopicOffered: 0.12 },
};

/** Automatic threshold and play risk, words and meaning ready, 12 questions in the visitor log. */
export function matchingSettingsFixture(
  storyfileId: string,
  overrides: Partial<MatchingSettings> = {},
): MatchingSettings {
  return {
    storyfileId,
    threshold: null,
    effectiveThreshold: 0.3,
    defaultThreshold: 0.3,
    scoring: {
      mode: 'combined',
      embedder: 'MiniLM',
      embedderStatus: 'ready',
      pendingPhrasings: 0,
      message: 'Answering by words and meaning.',
    },
    askBack: ASK_BACK_SETTINGS,
    visitorLog: { asked: 12, inForce: 0, takenAt: null, minimum: 100 },
    ...overrides,
  };
}
