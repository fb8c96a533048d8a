// The storyfile list's own entry: `/storyfiles` imports this instead of the feature's index, so its
// first load leaves out the storyfile screen (drag and drop, settings with the avatar upload).
export { StoryfilesScreen } from './components/storyfiles-screen';
