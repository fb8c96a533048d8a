// The player's own entry: the routes of `/s/{slug}` and of a student's activities import this
// instead of the feature's index, so their first load leaves out the studio-only parts (interact
// tab, publishing and matching settings, their dialogs).
export { ConversationPlayer } from './components/conversation-player';
export { PublicPlayerScreen } from './components/public-player-screen';
export { ActivityConversationPlayer } from './components/activity-conversation-player';
