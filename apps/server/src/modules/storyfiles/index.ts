// The storyfiles module's public entry: what other modules and the assembly may use.
export { setVideoRecordedAt, type RecordingTarget } from './recorded-marks.ts';
export { organizationStoryfiles } from './organization-storyfiles.ts';
export { setPublicationLive } from './publication-live.ts';
export { insertStoryfileCopy, type StoryfileCopy } from './package-copy.ts';
export { getStoryfileDetail } from './storyfile-detail.ts';
export { getClipPrompt, getIntroGreeting } from './clip-prompts.ts';
export {
  lockQuestionAlternates,
  queueQuestionToRecord,
  removeAlternates,
  restoreAlternate,
  setQuestionAlternates,
  removeEmptyRecordQueueTopic,
  unqueueQuestion,
} from './review-edits.ts';
