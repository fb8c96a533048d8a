import type * as OnnxRuntime from 'onnxruntime-web/wasm';
import type { InferenceSession } from 'onnxruntime-web/wasm';

/**
 * The browser's voice-activity detector: Silero VAD v5 run by onnxruntime-web's WebAssembly, its
 * audio fed by `@ricky0123/vad-web`'s worklet. The files (the worklet, the model, onnxruntime's
 * .mjs and .wasm) are copied into the build by apps/web/build/vad-assets.ts and served by the
 * studio under this path; nothing is fetched from elsewhere.
 *
 * The model is loaded once a page, before the first spoken question when the page is idle
 * (`prepare`), and its session is shared by every question after it: only the microphone's part
 * (the worklet on the question's AudioContext) is made at the press. onnxruntime runs in its proxy
 * worker, not on the page: starting it (instantiating 14 MB of WebAssembly, which then compiles
 * lazily on its first calls) and creating the model's session took 3.2 s of the page's thread in
 * Chromium at load 5, and the first inferences 70 ms each; on the page that was a long task in
 * which the level meter stopped and speech was missed (docs/benchmarks.md, "End of speech").
 */
declare const __VAD_ASSET_PATH__: string;

/** Silero v5 reads 512 samples at 16 kHz at a time: one probability every 32 ms. */
export const VOICE_ACTIVITY_FRAME_MS = 32;
const FRAME_SAMPLES = 512;
/** Silero v5's window carries the last 64 samples of the frame before (its utils_vad.py). */
const CONTEXT_SAMPLES = 64;
/** Inferences run once at warm-up, so the WebAssembly's lazy compilation is not paid at the press. */
const WARM_UP_FRAMES = 16;
/** vad-web's worklet: resamples to 16 kHz and posts 512-sample frames (its messages.ts). */
const WORKLET_FILE = 'vad.worklet.bundle.min.js';
const WORKLET_PROCESSOR = 'vad-helper-worklet';
const AUDIO_FRAME_MESSAGE = 'AUDIO_FRAME';
const STOP_MESSAGE = 'SPEECH_STOP';
const MODEL_FILE = 'silero_vad_v5.onnx';

/** onnxruntime-web's WebAssembly build, as the detector uses it. */
export type Ort = typeof OnnxRuntime;

export interface VoiceActivity {
  stop: () => Promise<void>;
}

export type StartVoiceActivity = (options: {
  stream: MediaStream;
  audioContext: AudioContext;
  /** Each frame's speech probability (0–1), with the frame's length in ms. */
  onSpeechProbability: (probability: number, frameMs: number) => void;
}) => Promise<VoiceActivity>;

export interface VoiceActivityDetector {
  /**
   * Loads onnxruntime, its WebAssembly and the model and creates the session, once a page: later
   * calls get the same promise. Rejects when the VAD cannot run here (no WebAssembly, a policy
   * that blocks it, a file that did not load); it is not tried again on that page.
   */
  prepare: () => Promise<void>;
  /**
   * Runs the VAD on the microphone's stream, in the caller's AudioContext, with the prepared
   * session (prepared now if it was not). Rejects when it cannot run (also no AudioWorklet).
   */
  start: StartVoiceActivity;
}

interface PreparedModel {
  ort: Ort;
  session: InferenceSession;
}

/** One question's Silero v5 state over the shared session: a frame in, its speech probability out. */
function createSileroState({ ort, session }: PreparedModel) {
  let state = new ort.Tensor('float32', new Float32Array(2 * 128), [2, 1, 128]);
  let context = new Float32Array(CONTEXT_SAMPLES);
  return async (frame: Float32Array): Promise<number> => {
    const input = new Float32Array(CONTEXT_SAMPLES + frame.length);
    input.set(context, 0);
    input.set(frame, CONTEXT_SAMPLES);
    context = frame.slice(-CONTEXT_SAMPLES);
    // Every tensor is new each call: the proxy worker takes (transfers) the buffers it is sent.
    const out = await session.run({
      input: new ort.Tensor('float32', input, [1, input.length]),
      state,
      sr: new ort.Tensor('int64', BigInt64Array.from([16_000n])),
    });
    const nextState = out.stateN;
    const probability = out.output?.data[0];
    if (!nextState || typeof probability !== 'number') {
      throw new Error('The voice-activity model gave no output.');
    }
    state = nextState as typeof state;
    return probability;
  };
}

async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${url} answered ${response.status}.`);
  }
  return response.arrayBuffer();
}

/**
 * A detector whose model loads once (`loadOrt` and `assetPath` are the tests' to change). The
 * page's own is `voiceActivityDetector`.
 */
export function createVoiceActivityDetector({
  loadOrt = () => import('onnxruntime-web/wasm'),
  assetPath = __VAD_ASSET_PATH__,
}: { loadOrt?: () => Promise<Ort>; assetPath?: string } = {}): VoiceActivityDetector {
  let prepared: Promise<PreparedModel> | undefined;

  function load(): Promise<PreparedModel> {
    prepared ??= (async () => {
      const [ort, model] = await Promise.all([
        loadOrt(),
        fetchBytes(`${assetPath}${MODEL_FILE}`),
        // Into the HTTP cache, so the press only reads it back.
        fetchBytes(`${assetPath}${WORKLET_FILE}`),
      ]);
      ort.env.logLevel = 'error';
      ort.env.wasm.wasmPaths = assetPath;
      // Threads need a cross-origin-isolated page (SharedArrayBuffer); one is plenty for 32 ms
      // frames. The proxy runs onnxruntime in its own worker, off the page's thread.
      ort.env.wasm.numThreads = 1;
      ort.env.wasm.proxy = true;
      const session = await ort.InferenceSession.create(new Uint8Array(model));
      const warm = createSileroState({ ort, session });
      for (let frame = 0; frame < WARM_UP_FRAMES; frame += 1) {
        await warm(new Float32Array(FRAME_SAMPLES));
      }
      return { ort, session };
    })();
    return prepared;
  }

  return {
    prepare: async () => {
      await load();
    },
    start: async ({ stream, audioContext, onSpeechProbability }) => {
      const model = await load();
      await audioContext.audioWorklet.addModule(`${assetPath}${WORKLET_FILE}`);
      const node = new AudioWorkletNode(audioContext, WORKLET_PROCESSOR, {
        processorOptions: { frameSamples: FRAME_SAMPLES },
      });
      const source = audioContext.createMediaStreamSource(stream);
      source.connect(node);
      const next = createSileroState(model);
      let isStopped = false;
      // Frames are judged one at a time, in order; a late one waits for the one before.
      let queue = Promise.resolve();
      node.port.onmessage = (event: MessageEvent<unknown>) => {
        const data = event.data as { message?: unknown; data?: unknown } | null;
        if (
          isStopped ||
          data?.message !== AUDIO_FRAME_MESSAGE ||
          !(data.data instanceof ArrayBuffer)
        ) {
          return;
        }
        const frame = new Float32Array(data.data);
        queue = queue
          .then(async () => {
            if (isStopped) {
              return;
            }
            const probability = await next(frame);
            if (!isStopped) {
              onSpeechProbability(probability, VOICE_ACTIVITY_FRAME_MS);
            }
          })
          .catch(() => undefined);
      };
      return {
        stop: () => {
          isStopped = true;
          node.port.onmessage = null;
          // A rejection, never a throw: the caller stops the recording in the same turn.
          return Promise.resolve().then(() => {
            node.port.postMessage(STOP_MESSAGE);
            source.disconnect();
            node.disconnect();
          });
        },
      };
    },
  };
}

/** The page's detector: one model and session for every spoken question. */
export const voiceActivityDetector = createVoiceActivityDetector();

/**
 * Runs `task` once the browser is idle (requestIdleCallback, at most `timeoutMs` later; a plain
 * timer where there is none, Safari's case). Returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 5_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1_000);
  return () => window.clearTimeout(id);
}
