export { ConversationPlayer } from './components/conversation-player';
export { InteractTab } from './components/interact-tab';
export { StoryfileConversationSettings } from './components/storyfile-conversation-settings';
export { PublicPlayerScreen } from './components/public-player-screen';
