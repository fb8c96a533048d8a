/**
 * The browser's voice-activity detector: Silero VAD v5 run by onnxruntime-web's WebAssembly, from
 * `@ricky0123/vad-web`. Its files (the audio worklet, the model, onnxruntime's .mjs and .wasm) are
 * copied into the build by apps/web/build/vad-assets.ts and served by the studio under this path;
 * nothing is fetched from elsewhere. The library and onnxruntime are loaded on the first spoken
 * question, never with the page.
 */
declare const __VAD_ASSET_PATH__: string;

/** Silero v5 reads 512 samples at 16 kHz at a time: one probability every 32 ms. */
export const VOICE_ACTIVITY_FRAME_MS = 32;

export interface VoiceActivity {
  stop: () => Promise<void>;
}

export type StartVoiceActivity = (options: {
  stream: MediaStream;
  audioContext: AudioContext;
  /** Each frame's speech probability (0–1), with the frame's length in ms. */
  onSpeechProbability: (probability: number, frameMs: number) => void;
}) => Promise<VoiceActivity>;

/**
 * Runs the VAD on the microphone's stream, in the hook's own AudioContext. Rejects when it cannot
 * run here (no AudioWorklet or WebAssembly, a policy that blocks them, a file that did not load).
 */
export const startVoiceActivity: StartVoiceActivity = async ({
  stream,
  audioContext,
  onSpeechProbability,
}) => {
  const { MicVAD } = await import('@ricky0123/vad-web');
  const vad = await MicVAD.new({
    model: 'v5',
    baseAssetPath: __VAD_ASSET_PATH__,
    onnxWASMBasePath: __VAD_ASSET_PATH__,
    audioContext,
    startOnLoad: true,
    // The hook owns the stream: the VAD neither opens a second one nor stops it.
    getStream: () => Promise.resolve(stream),
    pauseStream: () => Promise.resolve(),
    resumeStream: () => Promise.resolve(stream),
    ortConfig: (ort) => {
      ort.env.logLevel = 'error';
      // Threads need a cross-origin-isolated page (SharedArrayBuffer); one is plenty for 32 ms
      // frames.
      ort.env.wasm.numThreads = 1;
    },
    onFrameProcessed: (probabilities) => {
      onSpeechProbability(probabilities.isSpeech, VOICE_ACTIVITY_FRAME_MS);
    },
  });
  return { stop: () => vad.destroy() };
};
