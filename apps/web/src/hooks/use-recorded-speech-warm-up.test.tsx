import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { END_OF_SPEECH_HANGOVER_MS } from '@/lib/recorded-speech';
import { createVoiceActivityDetector, type Ort } from '@/lib/voice-activity';
import { flush, FRAME_MS, renderSpeech, setUpRecordedSpeechFakes } from '@/test/recorded-speech';

// Issue 42: the voice-activity detector's onnxruntime, model and session are loaded once, when the
// browser is idle, for every button and question.

setUpRecordedSpeechFakes();

/** onnxruntime as the detector uses it: a session whose every frame says `speechProbability`. */
function makeFakeOrt() {
  let speechProbability = 0;
  const run = vi.fn((feeds: Record<string, { dims: readonly number[] }>) => {
    expect(feeds.input!.dims).toEqual([1, 576]);
    return Promise.resolve({
      output: { data: Float32Array.of(speechProbability) },
      stateN: { dims: [2, 1, 128] },
    });
  });
  const create = vi.fn(() => Promise.resolve({ run }));
  class Tensor {
    constructor(
      readonly type: string,
      readonly data: unknown,
      readonly dims: readonly number[] = [],
    ) {}
  }
  const ort = {
    env: { wasm: {} as Record<string, unknown> },
    InferenceSession: { create },
    Tensor,
  };
  return {
    ort,
    create,
    run,
    setSpeechProbability: (probability: number) => {
      speechProbability = probability;
    },
  };
}

/** The worklet's node: the test posts its 512-sample frames. */
class FakeAudioWorkletNode {
  static instances: FakeAudioWorkletNode[] = [];
  port = {
    onmessage: null as ((event: { data: unknown }) => void) | null,
    postMessage: vi.fn(),
  };
  disconnect = vi.fn();
  constructor(
    readonly context: unknown,
    readonly name: string,
    readonly options: unknown,
  ) {
    FakeAudioWorkletNode.instances.push(this);
  }
}

describe('the warm-up', () => {
  it('loads onnxruntime, the model and its session once, when the browser is idle, for every button and question', async () => {
    const fake = makeFakeOrt();
    const loadOrt = vi.fn(() => Promise.resolve(fake.ort as unknown as Ort));
    const fetchFile = vi.fn((url: string) =>
      Promise.resolve(new Response(new Uint8Array([1, 2, 3]), { status: url ? 200 : 404 })),
    );
    vi.stubGlobal('fetch', fetchFile);
    const idle: (() => void)[] = [];
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((task: () => void) => {
        idle.push(task);
        return idle.length;
      }),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    FakeAudioWorkletNode.instances = [];
    vi.stubGlobal('AudioWorkletNode', FakeAudioWorkletNode);
    const detector = createVoiceActivityDetector({ loadOrt, assetPath: '/assets/vad-test/' });

    // Two speech buttons shown: each asks for the warm-up.
    const first = renderSpeech(detector);
    const second = renderSpeech(detector);
    act(() => {
      first.result.current.prepare();
      second.result.current.prepare();
    });
    expect(loadOrt).not.toHaveBeenCalled();
    await act(async () => {
      idle.forEach((task) => task());
      await Promise.resolve();
    });
    for (let turn = 0; turn < 30; turn += 1) {
      await flush();
    }
    expect(first.result.current.voiceActivityState).toBe('ready');
    expect(second.result.current.voiceActivityState).toBe('ready');
    expect(loadOrt).toHaveBeenCalledTimes(1);
    expect(fake.create).toHaveBeenCalledTimes(1);
    expect(fetchFile.mock.calls.filter(([url]) => url.endsWith('.onnx'))).toHaveLength(1);
    expect(fake.ort.env.wasm.proxy).toBe(true);

    // Two questions on the first button: the same session, only the worklet is new.
    for (let question = 0; question < 2; question += 1) {
      await act(async () => {
        first.result.current.listen();
        await Promise.resolve();
      });
      for (let turn = 0; turn < 5; turn += 1) {
        await flush();
      }
      const node = FakeAudioWorkletNode.instances[question]!;
      const post = async (probability: number, frames: number) => {
        fake.setSpeechProbability(probability);
        for (let frame = 0; frame < frames; frame += 1) {
          await act(async () => {
            node.port.onmessage?.({
              data: { message: 'AUDIO_FRAME', data: new Float32Array(512).buffer },
            });
            for (let turn = 0; turn < 10; turn += 1) {
              await Promise.resolve();
            }
          });
        }
      };
      await post(0.9, 20);
      await post(0.05, Math.ceil(END_OF_SPEECH_HANGOVER_MS / FRAME_MS));
      for (let turn = 0; turn < 20; turn += 1) {
        await flush();
      }
      expect(first.result.current.endOfSpeech?.by).toBe('voice-activity');
      expect(node.port.postMessage).toHaveBeenCalledWith('SPEECH_STOP');
    }
    expect(first.transcribe).toHaveBeenCalledTimes(2);
    expect(loadOrt).toHaveBeenCalledTimes(1);
    expect(fake.create).toHaveBeenCalledTimes(1);
  });
});
