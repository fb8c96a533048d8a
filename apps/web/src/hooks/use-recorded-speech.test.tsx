import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { END_OF_SPEECH_HANGOVER_MS, END_OF_SPEECH_SILENCE_MS } from '@/lib/recorded-speech';
import type { StartVoiceActivity } from '@/lib/voice-activity';
import {
  FakeMediaRecorder,
  installFakeMediaDevices,
  installFakeRecorder,
  uninstallFakeMediaDevices,
} from '@/test/fake-media';
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
    return { connect: vi.fn() };
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}

/** A VAD the test drives: its frames go where the hook asked, when the test says. */
function makeVoiceActivity(outcome: 'runs' | 'fails') {
  let onProbability: ((probability: number, frameMs: number) => void) | undefined;
  const stop = vi.fn(() => Promise.resolve());
  const start = vi.fn<StartVoiceActivity>((options) => {
    if (outcome === 'fails') {
      return Promise.reject(new Error('WebAssembly.instantiate(): Refused to compile'));
    }
    onProbability = options.onSpeechProbability;
    return Promise.resolve({ stop });
  });
  const frames = (probability: number, ms: number) => {
    act(() => {
      for (let elapsed = 0; elapsed < ms; elapsed += FRAME_MS) {
        onProbability?.(probability, FRAME_MS);
      }
    });
  };
  return { start, stop, frames };
}

function renderSpeech(voiceActivity: StartVoiceActivity) {
  const transcribe = vi.fn(() => Promise.resolve({ text: 'where did you grow up' }));
  const onHeard = vi.fn();
  const onProblem = vi.fn();
  const hook = renderHook(() =>
    useRecordedSpeech({ transcribe, onHeard, onProblem, voiceActivity }),
  );
  return { ...hook, transcribe, onHeard, onProblem };
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
    const { result, transcribe, onHeard, onProblem } = renderSpeech(vad.start);
    await act(async () => {
      result.current.listen();
      await Promise.resolve();
    });
    await flush();
    expect(vad.start).toHaveBeenCalledTimes(1);
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
    expect(transcribe).toHaveBeenCalledTimes(1);
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

  it('with the VAD hearing no voice in a loud room, says no speech was heard', async () => {
    const vad = makeVoiceActivity('runs');
    const { result, transcribe, onProblem } = renderSpeech(vad.start);
    await act(async () => {
      result.current.listen();
      await Promise.resolve();
    });
    await flush();
    micLevel = 0.3;
    advance(1_000);
    vad.frames(0.1, 8_100);
    await flush();
    expect(onProblem).toHaveBeenCalledWith(NO_SPEECH_MESSAGE);
    expect(transcribe).not.toHaveBeenCalled();
    expect(result.current.endOfSpeech).toBeNull();
  });

  it('where the VAD cannot run, the level and its 1.2 s pause decide, and the visitor is told nothing', async () => {
    const vad = makeVoiceActivity('fails');
    const { result, transcribe, onProblem } = renderSpeech(vad.start);
    await act(async () => {
      result.current.listen();
      await Promise.resolve();
    });
    await flush();
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
    expect(onProblem).not.toHaveBeenCalled();
    expect(result.current.endOfSpeech).toEqual({ by: 'level', pauseMs: END_OF_SPEECH_SILENCE_MS });
  });
});
