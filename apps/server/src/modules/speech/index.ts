// The speech module's public entry: what other modules and the assembly may use.
export * from './speech.tables.ts';
export type { RecognizerReport } from './recognizers.ts';
export {
  createSpeechGateway,
  type SpeechGateway,
  type SpeechStoryfiles,
} from './speech-gateway.ts';
export { buildStoryfileVocabulary } from './vocabulary.ts';
// What the spoken questions' HTTP doors (modules/spoken-questions) use.
export {
  SPEECH_CONTENT_TYPES,
  SPEECH_EMPTY_MESSAGE,
  SPEECH_NOT_AUDIO_MESSAGE,
  SPEECH_TOO_LARGE_MESSAGE,
} from './audio.ts';
export { decodeVisitorOf } from './fair-share.ts';
export { getSpeechSettings, updateSpeechSettings } from './speech-settings.service.ts';
export {
  MAX_STREAM_DECODES,
  SPEECH_STREAM_DECODES_MESSAGE,
  type SpeechStream,
} from './speech-stream.ts';
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
export { buildDraftVocabulary, DRAFT_PROMPT_ANSWERS } from './draft-vocabulary.ts';
export type { TimedWord } from './speech-engine.ts';
