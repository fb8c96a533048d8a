// The storyfiles module's public entry: what other modules and the assembly may use.
export { setVideoRecordedAt, type RecordingTarget } from './checklist.service.ts';
export { insertStoryfileCopy, type StoryfileCopy } from './package-copy.ts';
export { getStoryfileDetail } from './storyfiles.service.ts';
