export { StoryfilesScreen } from './components/storyfiles-screen';
export { StoryfileDetailScreen } from './components/storyfile-detail-screen';
export type { StoryfileSlotContext, StoryfileSlots } from './components/storyfile-slots';
