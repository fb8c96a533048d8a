import type { SpeechConfig } from '../../config/env.ts';
import { createEmbeddedEngine, type EmbeddedEngineOptions } from './embedded-engine.ts';
import { createExternalEngine } from './external-engine.ts';
import type { SpeechEngine } from './speech-engine.ts';
import { createWhisperEngine, type WhisperEngineOptions } from './whisper-engine.ts';

/** Which recognizer serves, for /healthz: the chosen one, or its fallback after a failed load. */
export interface RecognizerReport {
  name: SpeechEngine['name'];
  /** `fallback`: Whisper failed to load and pocketsphinx serves; `loading` until it has. */
  status: 'ready' | 'loading' | 'fallback';
  lastError: string | null;
}

export type ReportingEngine = SpeechEngine & { report(): RecognizerReport };

/**
 * Whisper, with pocketsphinx serving instead on a machine where the model fails to load
 * (onnxruntime missing, a file damaged): the studio keeps hearing, and /healthz says which hears.
 * The model loads on the first recording, not at start: a studio nobody speaks to pays nothing.
 */
export function withPocketsphinxFallback(
  whisper: ReturnType<typeof createWhisperEngine>,
  fallback: SpeechEngine,
  onFallback: (error: unknown) => void = () => {},
): ReportingEngine {
  let state: RecognizerReport = { name: 'whisper', status: 'loading', lastError: null };
  let ready: Promise<boolean> | undefined;
  const isWhisperReady = () => {
    ready ??= whisper.load().then(
      () => {
        state = { name: 'whisper', status: 'ready', lastError: null };
        return true;
      },
      (error: unknown) => {
        state = {
          name: fallback.name,
          status: 'fallback',
          lastError: error instanceof Error ? error.message : String(error),
        };
        onFallback(error);
        return false;
      },
    );
    return ready;
  };
  return {
    get name() {
      return state.name;
    },
    report: () => state,
    async prepare(vocabulary) {
      return (await isWhisperReady())
        ? whisper.prepare?.(vocabulary)
        : fallback.prepare?.(vocabulary);
    },
    async transcribe(wavFile, vocabulary, signal, voice) {
      return (await isWhisperReady())
        ? whisper.transcribe(wavFile, vocabulary, signal)
        : fallback.transcribe(wavFile, vocabulary, signal, voice);
    },
    async close() {
      await Promise.all([whisper.close?.(), fallback.close?.()]);
    },
  };
}

/**
 * The studio's recognizer from its configuration: an external server (SPEECH_TO_TEXT_URL), else
 * SPEECH_RECOGNIZER's embedded one: Whisper with pocketsphinx as its fallback, or pocketsphinx.
 */
export function createConfiguredEngine(
  config: SpeechConfig,
  pocketsphinx: EmbeddedEngineOptions,
  whisper: WhisperEngineOptions = {},
  onFallback?: (error: unknown) => void,
): SpeechEngine & { report?: () => RecognizerReport } {
  if (config.external) {
    return createExternalEngine(config.external);
  }
  const embedded = createEmbeddedEngine(pocketsphinx);
  if ((config.recognizer ?? 'pocketsphinx') === 'pocketsphinx') {
    return embedded;
  }
  return withPocketsphinxFallback(createWhisperEngine(whisper), embedded, onFallback);
}
