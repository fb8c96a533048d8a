export { StoryfilesScreen } from './components/storyfiles-screen';
export { StoryfileDetailScreen } from './components/storyfile-detail-screen';
