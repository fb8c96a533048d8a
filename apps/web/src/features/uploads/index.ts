export { BulkUploadPanel } from './components/bulk-upload-panel';
export { ClipMedia, QuestionMedia } from './components/target-media';
export { VideoUploadsProvider } from './components/video-uploads-provider';
export { useVideoUploads } from './hooks/use-video-uploads';
export { getTargetKey } from './types';
export { getTargetUploadState, type TargetUploadState } from './utils/target-upload-state';
export type {
  StartVideoUploadInput,
  TrackedVideoUpload,
  VideoUploadPhase,
  VideoUploadTarget,
} from './types';
