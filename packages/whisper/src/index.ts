export {
  WHISPER_MODELS,
  loadWhisperModel,
  whisperModelDir,
  type LoadOptions,
  type WhisperModel,
  type WhisperModelId,
  type WhisperModelInfo,
} from './model.ts';
export {
  DEFAULT_BEAMS,
  SAMPLE_RATE,
  WINDOW_SAMPLES,
  recognize,
  type Reading,
  type Recognition,
  type RecognizeOptions,
} from './recognize.ts';
export type { RecognizedWord } from './timed-words.ts';
export { startWhisperThread, type WhisperThread, type WhisperThreadOptions } from './thread.ts';
