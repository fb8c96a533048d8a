export { StoryfilePicker } from './storyfile-picker';
export { useStoryfileOptions, type StoryfileOptionsInput } from './use-storyfile-options';
