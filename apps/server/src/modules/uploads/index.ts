// The uploads module's public entry: what other modules and the assembly may use.
export { canViewAvatar } from './upload-access.ts';
export { createUploadStorage, type UploadStorage } from './upload-storage.ts';
export {
  expireUnfinishedUploads,
  failUploadsOfFailedJobs,
  removeBytesOfFailedUploads,
} from './upload-maintenance.ts';
export {
  queueCompleteUploads,
  findUpload,
  markUploadFailed,
  markUploadReady,
  UploadRejectedError,
  type UploadRow,
} from './uploads.service.ts';
export { presentUploadStatus } from './upload-status.ts';
export { insertReadyUploadCopy, type ReadyUploadCopy } from './upload-copy.ts';
