// The ink feature's public entry: the story editor and (later) View Inky States.
export { InkStoryScreen } from './components/ink-story-screen';
export type { PlayScript } from './utils/playthrough';
