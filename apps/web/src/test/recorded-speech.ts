import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { StartVoiceActivity, VoiceActivityDetector } from '@/lib/voice-activity';
import { useRecordedSpeech } from '@/hooks/use-recorded-speech';
import {
  FakeMediaRecorder,
  installFakeMediaDevices,
  installFakeRecorder,
  uninstallFakeMediaDevices,
} from './fake-media';

// The recorded spoken question's tests (hooks/use-recorded-speech*.test.tsx): a microphone whose
// level the test sets, a voice-activity detector the test drives, and the hook rendered with them.

export const NO_SPEECH_MESSAGE = 'No speech was heard. Check your microphone and try again.';
export const FRAME_MS = 32;

/** The microphone's level as the analyser reads it: every sample at `level`. */
let micLevel = 0;

/** Sets the level every sample of the fake microphone reads from now on. */
export function setMicLevel(level: number): void {
  micLevel = level;
}

export class FakeAudioContext {
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
export function makeVoiceActivity(outcome: 'runs' | 'fails' | 'later') {
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
export function signalOf(transcribe: { mock: { calls: unknown[][] } }, call: number): AbortSignal {
  const signal = transcribe.mock.calls[call]?.[1];
  expect(signal).toBeInstanceOf(AbortSignal);
  return signal as AbortSignal;
}

export function renderSpeech(voiceActivity: VoiceActivityDetector) {
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
export async function listenWith(voiceActivity: VoiceActivityDetector) {
  const rendered = renderSpeech(voiceActivity);
  await act(async () => {
    rendered.result.current.listen();
    await Promise.resolve();
  });
  await flush();
  return rendered;
}

export async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

export function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** Fakes the audio context, microphone and recorder before each test, and restores them after. */
export function setUpRecordedSpeechFakes(): void {
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
}
