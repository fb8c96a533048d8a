export { RecordTab, type KeptTake, type RecordTabProps } from './components/record-tab';
export type { RecordTarget } from './utils/targets';
export type { TargetUploadState } from './utils/upload-state';
