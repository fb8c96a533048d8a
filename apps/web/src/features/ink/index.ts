// The ink feature's public entry: the story editor and View Inky States.
export { InkStoryScreen } from './components/ink-story-screen';
export { InkStatesScreen } from './components/ink-states-screen';
export type { PlayScript } from './utils/playthrough';
