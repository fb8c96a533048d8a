// The speech module's public entry: what other modules and the assembly may use.
export * from './speech.tables.ts';
export {
  createSpeechGateway,
  type SpeechGateway,
  type SpeechStoryfiles,
} from './speech-gateway.ts';
export { buildStoryfileVocabulary } from './vocabulary.ts';
export { createEmbeddedEngine } from './embedded-engine.ts';
export type {
  SpeakerVoice,
  SpeechEngine,
  SpeechTranscript,
  StoryfileVocabulary,
} from './speech-engine.ts';
export {
  adaptToSpeaker,
  type AdaptationMethod,
  type CorrectedRecording,
} from './adaptation/speaker-adaptation.ts';
export { POCKETSPHINX_DEFAULTS } from './pocketsphinx.ts';
export { setRecognizerCopy } from './recognizer-copy.ts';
export { createDictation, DICTATION_PIECE_MS, type Dictated, type Dictation } from './dictation.ts';
export type { TimedWord } from './speech-engine.ts';
