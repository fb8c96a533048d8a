// The transcripts module's public entry: what other modules and the assembly may use.
export * from './transcripts.tables.ts';
export {
  createTranscribeVideoHandler,
  readDraftVocabulary,
  type TranscribeVideoDeps,
} from './transcribe-video.job.ts';
export { createAdaptSpeakerHandler, type AdaptSpeakerDeps } from './adapt-speaker.job.ts';
export { queueMissingTranscripts, queueTranscript } from './transcripts.service.ts';
export { queueDueSpeakerAdaptations } from './speaker-adaptation-trigger.ts';
export {
  insertTranscriptCopies,
  readTranscriptCopies,
  type TranscriptCopy,
} from './transcript-copy.ts';
export { readVisitorWords, type VisitorWords } from './transcript-review.service.ts';
export { removeUnusedSpeakerModels } from './speaker-voice.ts';
