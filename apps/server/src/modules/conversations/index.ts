// The conversations module's public entry: what other modules and the assembly may use.
export {
  askStoryfile,
  createConversationEngine,
  getStoryfileMatcher,
  loadPlayerStoryfile,
  signAssetMedia,
  signStoryfileClips,
  type AskInput,
  type ConversationEngine,
} from './conversations.service.ts';
export { loadStoryfileCategories } from './matcher-cache.ts';
export type { MatchableAnswer, StoryfileMatcher } from './matcher-cache.ts';
export { startConfiguredEmbedder } from './configured-embedder.ts';
export type { EmbedderReport, SentenceVectors } from './sentence-vectors.ts';
