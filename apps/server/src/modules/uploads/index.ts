// The uploads module's public entry: what other modules and the assembly may use.
export { canViewAvatar } from './upload-access.ts';
export { createUploadStorage, type UploadStorage } from './upload-storage.ts';
export {
  expireIdlePackageUploads,
  expireUnfinishedUploads,
  failUploadsOfFailedJobs,
  removeBytesOfFailedUploads,
} from './upload-maintenance.ts';
export { UploadRejectedError } from './upload-intake.ts';
export { findUpload, markUploadFailed, markUploadReady, type UploadRow } from './upload-rows.ts';
export { queueCompleteUploads } from './video-processing.ts';
export { presentUploadStatus } from './upload-status.ts';
export { insertReadyUploadCopy, type ReadyUploadCopy } from './upload-copy.ts';
