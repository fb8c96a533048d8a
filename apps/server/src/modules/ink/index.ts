// The ink module's public entry: what other modules and the assembly may use.
export { findPublishedInkVersion, listInkQuestions } from './ink.service.ts';
export { matchInkChoice, type MatchableChoice } from './choice-matching.ts';
export {
  hasInkStoryEnded,
  isSavedInkState,
  openInkSession,
  type InkLineClip,
  type InkSession,
  type SavedInkState,
} from './ink-conversation.ts';
export { insertInkCopy, type InkVersionCopy } from './package-copy.ts';
export type { InkConversationSource } from './ink-conversations.ts';
