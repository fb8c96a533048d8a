export { BulkUploadPanel } from './components/bulk-upload-panel';
export { ClipMedia } from './components/clip-media';
export { QuestionMedia } from './components/question-media';
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
