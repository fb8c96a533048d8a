// The storyfiles module's public entry: what other modules and the assembly may use.
export { setVideoRecordedAt, type RecordingTarget } from './checklist.service.ts';
export { organizationStoryfiles } from './organization-storyfiles.ts';
export { setPublicationLive } from './publication-live.ts';
export { insertStoryfileCopy, type StoryfileCopy } from './package-copy.ts';
export { getStoryfileDetail } from './storyfiles.service.ts';
export {
  lockQuestionAlternates,
  queueQuestionToRecord,
  removeAlternates,
  restoreAlternate,
  setQuestionAlternates,
  unqueueQuestion,
} from './review-edits.ts';
