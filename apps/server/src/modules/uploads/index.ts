// The uploads module's public entry: what other modules and the assembly may use.
export { canViewAvatar } from './upload-access.ts';
export { createUploadStorage, type UploadStorage } from './upload-storage.ts';
export {
  expireUnfinishedUploads,
  failUploadsOfFailedJobs,
  queueCompleteUploads,
  findUpload,
  markUploadFailed,
  markUploadReady,
  presentUploadStatus,
  removeBytesOfFailedUploads,
  UploadRejectedError,
  type UploadRow,
} from './uploads.service.ts';
