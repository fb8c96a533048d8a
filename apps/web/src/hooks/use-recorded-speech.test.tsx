import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { END_OF_SPEECH_HANGOVER_MS, END_OF_SPEECH_SILENCE_MS } from '@/lib/recorded-speech';
import {
  createVoiceActivityDetector,
  type Ort,
  type StartVoiceActivity,
  type VoiceActivityDetector,
} from '@/lib/voice-activity';
import {
  FakeMediaRecorder,
  installFakeMediaDevices,
  installFakeRecorder,
  uninstallFakeMediaDevices,
} from '@/test/fake-media';
import { FakeSocket, heardMessage } from '@/test/fake-socket';
import { useRecordedSpeech } from './use-recorded-speech';

// Issue 42, item 3: the recorded question ends when the voice-activity detector has heard a
// short hangover of non-speech after speech; where the VAD cannot run, the level and its 1.2 s
// pause decide as before, and the visitor is told nothing about it.

const NO_SPEECH_MESSAGE = 'No speech was heard. Check your microphone and try again.';
const FRAME_MS = 32;

/** The microphone's level as the analyser reads it: every sample at `level`. */
let micLevel = 0;

class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  closed = false;
  audioWorklet = { addModule: vi.fn(() => Promise.resolve()) };
  constructor() {
    FakeAudioContext.instances.push(this);
  }
  createAnalyser() {
    return {
      fftSize: 2048,
      getFloatTimeDomainData: (samples: Float32Array) => samples.fill(micLevel),
    };
  }
  createMediaStreamSource() {
    return { connect: vi.fn(), disconnect: vi.fn() };
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}

/**
 * A VAD the test drives: its frames go where the hook asked, when the test says. 'later' starts
 * only when the test calls `ready()` (the model still loading at the press).
 */
function makeVoiceActivity(outcome: 'runs' | 'fails' | 'later') {
  let onProbability: ((probability: number, frameMs: number) => void) | undefined;
  const stop = vi.fn(() => Promise.resolve());
  let ready = () => undefined as void;
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const startVoiceActivity = vi.fn<StartVoiceActivity>(async (options) => {
    if (outcome === 'fails') {
      throw new Error('WebAssembly.instantiate(): Refused to compile');
    }
    if (outcome === 'later') {
      await isReady;
    }
    onProbability = options.onSpeechProbability;
    return { stop };
  });
  const start: VoiceActivityDetector = {
    prepare: () =>
      outcome === 'fails' ? Promise.reject(new Error('Refused to compile')) : isReady,
    start: startVoiceActivity,
  };
  const frames = (probability: number, ms: number) => {
    act(() => {
      for (let elapsed = 0; elapsed < ms; elapsed += FRAME_MS) {
        onProbability?.(probability, FRAME_MS);
      }
    });
  };
  return {
    start,
    stop,
    frames,
    ready: async () => {
      ready();
      await flush();
      await flush();
    },
    startVoiceActivity,
  };
}

/** The AbortSignal the `call`th recording was sent with (speculative ones have one). */
function signalOf(transcribe: { mock: { calls: unknown[][] } }, call: number): AbortSignal {
  const signal = transcribe.mock.calls[call]?.[1];
  expect(signal).toBeInstanceOf(AbortSignal);
  return signal as AbortSignal;
}

function renderSpeech(voiceActivity: VoiceActivityDetector) {
  const transcribe = vi.fn((_recording: Blob, _signal?: AbortSignal) =>
    Promise.resolve({ text: 'where did you grow up' }),
  );
  const onHeard = vi.fn();
  const onProblem = vi.fn();
  const hook = renderHook(() =>
    useRecordedSpeech({ transcribe, onHeard, onProblem, voiceActivity }),
  );
  return { ...hook, transcribe, onHeard, onProblem };
}

/** `renderSpeech`, then the visitor presses: recording, with the VAD's start under way. */
async function listenWith(voiceActivity: VoiceActivityDetector) {
  const rendered = renderSpeech(voiceActivity);
  await act(async () => {
    rendered.result.current.listen();
    await Promise.resolve();
  });
  await flush();
  return rendered;
}

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  micLevel = 0;
  FakeAudioContext.instances = [];
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  vi.stubGlobal('AudioContext', FakeAudioContext);
  installFakeMediaDevices();
  installFakeRecorder();
  FakeMediaRecorder.supportedTypes = ['audio/webm;codecs=opus'];
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  uninstallFakeMediaDevices();
});

describe('a recorded spoken question', () => {
  it('ends after the VAD hangover, not at a pause inside the sentence, whatever the level says', async () => {
    const vad = makeVoiceActivity('runs');
    const { result, transcribe, onHeard, onProblem } = await listenWith(vad.start);
    expect(vad.startVoiceActivity).toHaveBeenCalledTimes(1);
    expect(result.current.isListening).toBe(true);

    // A noisy room: loud enough for the level rule never to hear a pause.
    micLevel = 0.3;
    advance(500);
    vad.frames(0.02, 500);
    vad.frames(0.9, 1_000);
    vad.frames(0.04, 450);
    vad.frames(0.85, 800);
    advance(3_000);
    expect(FakeMediaRecorder.instances[0]!.state).toBe('recording');

    vad.frames(0.03, END_OF_SPEECH_HANGOVER_MS - FRAME_MS);
    expect(FakeMediaRecorder.instances[0]!.state).toBe('recording');
    vad.frames(0.03, FRAME_MS);
    expect(FakeMediaRecorder.instances[0]!.state).toBe('inactive');
    await flush();
    await flush();
    // Each pause sent what was said so far; the one inside the sentence was dropped when the
    // speech went on, the last one's answer is the question's: nothing is sent again.
    expect(transcribe).toHaveBeenCalledTimes(2);
    expect(signalOf(transcribe, 0).aborted).toBe(true);
    expect(signalOf(transcribe, 1).aborted).toBe(false);
    expect(result.current.recognition).toBe('speculative');
    expect(onHeard).toHaveBeenCalledWith('where did you grow up', {
      text: 'where did you grow up',
    });
    expect(onProblem).not.toHaveBeenCalled();
    expect(vad.stop).toHaveBeenCalled();
    expect(result.current.endOfSpeech).toEqual({
      by: 'voice-activity',
      pauseMs: Math.ceil(END_OF_SPEECH_HANGOVER_MS / FRAME_MS) * FRAME_MS,
    });
    expect(result.current.endOfSpeech!.pauseMs).toBeLessThan(END_OF_SPEECH_SILENCE_MS);
  });

  it('with the VAD hearing no voice in a loud room, hands on empty words: not heard, asked again', async () => {
    const vad = makeVoiceActivity('runs');
    const { result, transcribe, onHeard, onProblem } = await listenWith(vad.start);
    micLevel = 0.3;
    advance(1_000);
    vad.frames(0.1, 8_100);
    await flush();
    // Issue 42, item 2: noise is a question not heard (please repeat), not a broken microphone.
    expect(onHeard).toHaveBeenCalledWith('', { text: '' });
    expect(onProblem).not.toHaveBeenCalled();
    expect(transcribe).not.toHaveBeenCalled();
    expect(result.current.endOfSpeech).toBeNull();
  });

  it('with the microphone quiet until the timeout, says no speech was heard', async () => {
    const vad = makeVoiceActivity('runs');
    const { transcribe, onHeard, onProblem } = await listenWith(vad.start);
    micLevel = 0.001;
    advance(1_000);
    vad.frames(0.1, 8_100);
    await flush();
    expect(onProblem).toHaveBeenCalledWith(NO_SPEECH_MESSAGE);
    expect(onHeard).not.toHaveBeenCalled();
    expect(transcribe).not.toHaveBeenCalled();
  });

  it('stopped by the visitor before any voice, in a loud room, asks nothing', async () => {
    const vad = makeVoiceActivity('runs');
    const { result, transcribe, onHeard, onProblem } = await listenWith(vad.start);
    micLevel = 0.3;
    advance(1_000);
    vad.frames(0.1, 2_000);
    act(() => result.current.stop());
    await flush();
    expect(onHeard).not.toHaveBeenCalled();
    expect(onProblem).toHaveBeenCalledWith(NO_SPEECH_MESSAGE);
    expect(transcribe).not.toHaveBeenCalled();
  });

  it('where the VAD cannot run, the level and its 1.2 s pause decide, and the visitor is told nothing', async () => {
    const vad = makeVoiceActivity('fails');
    const { result, transcribe, onProblem } = await listenWith(vad.start);
    micLevel = 0.05;
    advance(1_000);
    micLevel = 0.001;
    advance(END_OF_SPEECH_SILENCE_MS - 50);
    expect(FakeMediaRecorder.instances[0]!.state).toBe('recording');
    advance(50);
    expect(FakeMediaRecorder.instances[0]!.state).toBe('inactive');
    await flush();
    await flush();
    expect(transcribe).toHaveBeenCalledTimes(1);
    // The level's end sends the whole recording, once, as before: no speculation without the VAD.
    expect(transcribe.mock.calls[0]).toHaveLength(1);
    expect(result.current.recognition).toBe('whole');
    expect(onProblem).not.toHaveBeenCalled();
    expect(result.current.endOfSpeech).toEqual({ by: 'level', pauseMs: END_OF_SPEECH_SILENCE_MS });
  });
});

// Speculative recognition (issue 42, item 3): the recording so far goes to the recognizer when
// the VAD hears the pause begin, so recognizing overlaps the 600 ms hangover.
describe('recognition during the hangover', () => {
  async function startListening(vad: ReturnType<typeof makeVoiceActivity>) {
    const rendered = renderSpeech(vad.start);
    await act(async () => {
      rendered.result.current.listen();
      await Promise.resolve();
    });
    await flush();
    return rendered;
  }

  it('sends the recording so far when the pause begins, and uses that answer when the hangover ends', async () => {
    const vad = makeVoiceActivity('runs');
    let answer: (heard: { text: string }) => void = () => undefined;
    const { result, transcribe, onHeard } = await startListening(vad);
    transcribe.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    vad.frames(0.9, 1_000);
    expect(transcribe).not.toHaveBeenCalled();
    vad.frames(0.1, FRAME_MS);
    await flush();
    // Still recording, and the part so far is on its way.
    expect(FakeMediaRecorder.instances[0]!.state).toBe('recording');
    expect(transcribe).toHaveBeenCalledTimes(1);
    expect(transcribe.mock.calls[0]![0]).toBeInstanceOf(Blob);
    vad.frames(0.1, END_OF_SPEECH_HANGOVER_MS);
    expect(FakeMediaRecorder.instances[0]!.state).toBe('inactive');
    await flush();
    await flush();
    // Not sent again: the speculative answer is awaited.
    expect(transcribe).toHaveBeenCalledTimes(1);
    expect(result.current.isTranscribing).toBe(true);
    expect(onHeard).not.toHaveBeenCalled();
    await act(async () => {
      answer({ text: 'what was your first job' });
      await Promise.resolve();
    });
    await flush();
    expect(onHeard).toHaveBeenCalledWith('what was your first job', {
      text: 'what was your first job',
    });
    expect(signalOf(transcribe, 0).aborted).toBe(false);
    expect(result.current.recognition).toBe('speculative');
  });

  it('drops the speculative recognition when the person speaks again before the hangover ends', async () => {
    const vad = makeVoiceActivity('runs');
    const { result, transcribe } = await startListening(vad);
    vad.frames(0.9, 800);
    vad.frames(0.1, 320);
    await flush();
    expect(transcribe).toHaveBeenCalledTimes(1);
    const dropped = signalOf(transcribe, 0);
    expect(dropped.aborted).toBe(false);
    vad.frames(0.9, 500);
    expect(dropped.aborted).toBe(true);
    vad.frames(0.1, END_OF_SPEECH_HANGOVER_MS);
    await flush();
    await flush();
    expect(transcribe).toHaveBeenCalledTimes(2);
    expect(signalOf(transcribe, 1).aborted).toBe(false);
    expect(result.current.recognition).toBe('speculative');
  });

  it('sends the whole recording when the speculative recognition failed', async () => {
    const vad = makeVoiceActivity('runs');
    const { result, transcribe, onHeard, onProblem } = await startListening(vad);
    transcribe.mockImplementationOnce(() => Promise.reject(new Error('network')));
    vad.frames(0.9, 800);
    vad.frames(0.1, END_OF_SPEECH_HANGOVER_MS);
    for (let turn = 0; turn < 5; turn += 1) {
      await flush();
    }
    expect(transcribe).toHaveBeenCalledTimes(2);
    expect(transcribe.mock.calls[1]).toHaveLength(1);
    expect(onHeard).toHaveBeenCalledWith('where did you grow up', {
      text: 'where did you grow up',
    });
    expect(onProblem).not.toHaveBeenCalled();
    expect(result.current.recognition).toBe('whole');
  });

  it('sends the whole recording when the person presses stop during the pause', async () => {
    const vad = makeVoiceActivity('runs');
    const { result, transcribe } = await startListening(vad);
    vad.frames(0.9, 800);
    vad.frames(0.1, 200);
    await flush();
    expect(transcribe).toHaveBeenCalledTimes(1);
    act(() => result.current.stop());
    await flush();
    await flush();
    expect(signalOf(transcribe, 0).aborted).toBe(true);
    expect(transcribe).toHaveBeenCalledTimes(2);
    expect(transcribe.mock.calls[1]).toHaveLength(1);
    expect(result.current.recognition).toBe('whole');
  });
});

// The first load gap (issue 42, item 3): the VAD loads before the first question, once a page,
// and a question asked while it still loads is recorded from the press and ended by the level
// until the VAD is ready, then by the VAD.
describe('the VAD before it is ready', () => {
  it('records speech said before the VAD is ready and sends it; the VAD takes over when ready', async () => {
    const vad = makeVoiceActivity('later');
    const { result, transcribe, onProblem } = await listenWith(vad.start);
    // Recording from the press, with the VAD still loading.
    expect(FakeMediaRecorder.instances[0]!.state).toBe('recording');
    expect(result.current.voiceActivityState).toBe('loading');

    micLevel = 0.05;
    advance(1_500);
    micLevel = 0.001;
    advance(400);
    await vad.ready();
    expect(result.current.voiceActivityState).toBe('ready');
    // The level no longer decides: a loud room after this is the VAD's to judge.
    micLevel = 0.3;
    advance(2_000);
    expect(FakeMediaRecorder.instances[0]!.state).toBe('recording');
    vad.frames(0.03, END_OF_SPEECH_HANGOVER_MS);
    expect(FakeMediaRecorder.instances[0]!.state).toBe('inactive');
    await flush();
    await flush();
    expect(transcribe).toHaveBeenCalledTimes(1);
    expect(transcribe).toHaveBeenCalledWith(expect.any(Blob));
    expect(onProblem).not.toHaveBeenCalled();
    expect(result.current.endOfSpeech?.by).toBe('voice-activity');
  });

  it('with the VAD still loading, the level ends the question and it is sent', async () => {
    const vad = makeVoiceActivity('later');
    const { result, transcribe, onProblem } = await listenWith(vad.start);
    micLevel = 0.05;
    advance(1_000);
    micLevel = 0.001;
    advance(END_OF_SPEECH_SILENCE_MS);
    expect(FakeMediaRecorder.instances[0]!.state).toBe('inactive');
    await flush();
    await flush();
    expect(transcribe).toHaveBeenCalledTimes(1);
    expect(onProblem).not.toHaveBeenCalled();
    expect(result.current.endOfSpeech).toEqual({ by: 'level', pauseMs: END_OF_SPEECH_SILENCE_MS });
    // Ready after the question ended: that question's VAD is stopped, not left running.
    await vad.ready();
    expect(vad.stop).toHaveBeenCalled();
  });
});

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

// Streaming (issue 42, item 3): with the channel's WebSocket, the recording goes to the studio
// while it is made; the pause's recognition is a decode on the socket, not an upload, and the
// upload stays the fallback.
describe('the recording streamed to the studio', () => {
  const STREAM_URL = 'ws://studio.test/v1/conversa/speech2text/stream?storyfileId=1';

  async function startStreaming(vad: ReturnType<typeof makeVoiceActivity>) {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const transcribe = vi.fn((_recording: Blob, _signal?: AbortSignal) =>
      Promise.resolve({ text: 'uploaded words' }),
    );
    const onHeard = vi.fn();
    const onProblem = vi.fn();
    const hook = renderHook(() =>
      useRecordedSpeech({
        transcribe,
        streamUrl: () => STREAM_URL,
        onHeard,
        onProblem,
        voiceActivity: vad.start,
      }),
    );
    await act(async () => {
      hook.result.current.listen();
      await Promise.resolve();
    });
    await flush();
    return { ...hook, transcribe, onHeard, onProblem, socket: FakeSocket.instances[0]! };
  }

  async function settle() {
    for (let turn = 0; turn < 6; turn += 1) {
      await flush();
    }
  }

  it('opens the socket with the recording, decodes on it when the pause begins, and uses that answer: nothing is uploaded', async () => {
    const vad = makeVoiceActivity('runs');
    const { result, transcribe, onHeard, socket } = await startStreaming(vad);
    expect(socket.url).toBe(STREAM_URL);
    expect(FakeMediaRecorder.instances[0]!.timeslice).toBe(250);
    act(() => socket.open());
    vad.frames(0.9, 800);
    vad.frames(0.1, FRAME_MS);
    await settle();
    // The piece up to the pause went first, then the decode.
    expect(socket.sent.at(-2)).toBeInstanceOf(Blob);
    expect(socket.messages).toEqual([{ type: 'decode', id: 1 }]);
    socket.answer(heardMessage(1, 'where did you grow up'));
    vad.frames(0.1, END_OF_SPEECH_HANGOVER_MS);
    await settle();
    expect(onHeard).toHaveBeenCalledWith('where did you grow up', {
      text: 'where did you grow up',
      confidence: 0.9,
      alternatives: [{ text: 'where did you grow up', confidence: 0.8 }],
    });
    expect(transcribe).not.toHaveBeenCalled();
    expect(result.current.recognition).toBe('speculative');
    expect(result.current.transport).toBe('stream');
    expect(socket.readyState).toBe(3);
  });

  it('cancels the decode when the person speaks again, and decodes at the next pause', async () => {
    const vad = makeVoiceActivity('runs');
    const { result, transcribe, onHeard, socket } = await startStreaming(vad);
    act(() => socket.open());
    vad.frames(0.9, 800);
    vad.frames(0.1, 320);
    await settle();
    vad.frames(0.9, 500);
    vad.frames(0.1, FRAME_MS);
    await settle();
    expect(socket.messages).toEqual([
      { type: 'decode', id: 1 },
      { type: 'cancel' },
      { type: 'decode', id: 2 },
    ]);
    vad.frames(0.1, END_OF_SPEECH_HANGOVER_MS);
    await settle();
    expect(onHeard).not.toHaveBeenCalled();
    socket.answer(heardMessage(2, 'what was your first job'));
    await settle();
    expect(onHeard).toHaveBeenCalledWith('what was your first job', expect.anything());
    expect(transcribe).not.toHaveBeenCalled();
    expect(result.current.transport).toBe('stream');
  });

  it('asks the end on the socket when the level ends the question, after its last piece', async () => {
    const vad = makeVoiceActivity('fails');
    const { result, transcribe, onHeard, socket } = await startStreaming(vad);
    act(() => socket.open());
    micLevel = 0.05;
    advance(1_000);
    micLevel = 0.001;
    advance(END_OF_SPEECH_SILENCE_MS);
    await settle();
    expect(socket.messages).toEqual([{ type: 'end', id: 1 }]);
    expect(await (socket.sent.at(-2) as Blob).text()).toBe('take-bytes');
    socket.answer(heardMessage(1, 'where did you grow up'));
    await settle();
    expect(onHeard).toHaveBeenCalledWith('where did you grow up', expect.anything());
    expect(transcribe).not.toHaveBeenCalled();
    expect(result.current.recognition).toBe('whole');
    expect(result.current.transport).toBe('stream');
  });

  it('uploads, speculatively and whole, when the socket cannot open', async () => {
    const vad = makeVoiceActivity('runs');
    const { result, transcribe, onHeard, socket } = await startStreaming(vad);
    act(() => socket.fail());
    vad.frames(0.9, 800);
    vad.frames(0.1, FRAME_MS);
    await settle();
    expect(transcribe).toHaveBeenCalledTimes(1);
    expect(signalOf(transcribe, 0).aborted).toBe(false);
    vad.frames(0.1, END_OF_SPEECH_HANGOVER_MS);
    await settle();
    expect(onHeard).toHaveBeenCalledWith('uploaded words', { text: 'uploaded words' });
    expect(result.current.transport).toBe('upload');
  });

  it('uploads the whole recording when the socket breaks before the decode is answered', async () => {
    const vad = makeVoiceActivity('runs');
    const { result, transcribe, onHeard, socket } = await startStreaming(vad);
    act(() => socket.open());
    vad.frames(0.9, 800);
    vad.frames(0.1, FRAME_MS);
    await settle();
    act(() => socket.close());
    vad.frames(0.1, END_OF_SPEECH_HANGOVER_MS);
    await settle();
    expect(transcribe).toHaveBeenCalledTimes(1);
    expect(transcribe.mock.calls[0]).toHaveLength(1);
    expect(onHeard).toHaveBeenCalledWith('uploaded words', { text: 'uploaded words' });
    expect(result.current.recognition).toBe('whole');
    expect(result.current.transport).toBe('upload');
  });
});
