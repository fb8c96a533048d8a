// The conversations module's public entry: what other modules and the assembly may use.
export {
  askStoryfile,
  createConversationEngine,
  signAssetMedia,
  signStoryfileClips,
  type AskInput,
  type ConversationEngine,
} from './conversations.service.ts';
