// The media module's public entry: what other modules and the assembly may use.
export {
  runMediaMaintenance,
  type MaintenanceReport,
  UNREFERENCED_MEDIA_GRACE_MS,
} from './media-maintenance.ts';
export { createProcessVideoHandler, type ProcessVideoDeps } from './process-video.job.ts';
export { createSharedMediaUrlSigner, type MediaUrlSigner } from './signed-urls.ts';
export { recoverVideoProcessing, type ProcessingRecoveryReport } from './processing-recovery.ts';
export { readStoryfileCaptionTexts, type CaptionText } from './caption-texts.ts';
export { insertVideoCopies, newVideoCopyLocation, type VideoCopy } from './package-copy.ts';
export { sendStoredBytes } from './range.ts';
export { isAnswerRecorded } from './recorded-answers.ts';
export { trialUsage } from './trial-usage.ts';
export { readAssetCaptions, replaceAssetCaptions } from './asset-captions.ts';
