// The shell's entry into uploads: only the provider that runs the upload engine on every signed-in
// screen, and the slot of its bar in the shell's dock. The shell imports this instead of the
// feature's index, so the storyfile screen's parts (question and clip media, bulk upload) load
// with that screen, not with every first load.
export { UploadBarSlot, VideoUploadsProvider } from './components/video-uploads-provider';
// The dashboard's sign of failed uploads (small: the engine's list, an alert).
export { FailedUploadsNotice } from './components/failed-uploads-notice';
