// The conversations module's public entry: what other modules and the assembly may use.
export { askStoryfile } from './ask/ask.ts';
export {
  chatLogEntryColumns,
  outcomeCondition,
  presentChatLogEntry,
  selectChatLogEntryColumns,
  type ChatLogEntryRow,
} from './chat-log-columns.ts';
export { canContinueConversation } from './conversation-state.ts';
export {
  ignoreExchanges,
  recordExchangeFeedback,
  reopenExchangesOfAction,
  resolveOpenExchangesByText,
  setExchangesReviewState,
} from './exchange-review.ts';
export type { AskInput } from './ask.types.ts';
export {
  createConversationEngine,
  getStoryfileMatcher,
  getTrainedStoryfileMatcher,
  type ConversationEngine,
  type IgnoredQuestions,
} from './engine.ts';
export { prepareHeardQuestion } from './heard-question.ts';
export { loadStoryfileLearning, recordExchangeLabel } from './learned-labels.ts';
export { storyfileLearnedLabels } from './learned-labels.tables.ts';
export { inkConversationSource } from './ink-conversation-source.ts';
export { signAssetMedia, signStoryfileClips } from './media-signing.ts';
export { loadPlayerStoryfile } from './player-storyfile.ts';
export type { StoryfileVocabulary } from './storyfile-vocabulary.ts';
export { updateMatchingSettings } from './matching-settings.ts';
export type { MatchableAnswer, StoryfileMatcher } from './storyfile-matcher.ts';
export { toAnswerInput } from './matcher-cache-changes.ts';
export { closeProcessEmbedders, startConfiguredEmbedder } from './configured-embedder.ts';
export { startModelUpgrade } from './model-upgrade.ts';
export type { ModelUpgrade, ModelUpgradeReport } from './model-upgrade.ts';
export { createSentenceVectors } from './sentence-vectors.ts';
export type { EmbedderReport, SentenceVectors } from './sentence-vectors.ts';
export { setMatchingThresholdCopy } from './matching-settings-copy.ts';
