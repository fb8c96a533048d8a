export { TranscriptButton, type TranscriptTarget } from './components/transcript-button';
export { TranscriptDraftsProgress } from './components/transcript-drafts-progress';
export { PublicTranscriptScreen } from './components/public-transcript-screen';
export { TranscriptSettingsSection } from './components/transcript-settings-section';
