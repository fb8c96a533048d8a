import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { END_OF_SPEECH_HANGOVER_MS } from '@/lib/recorded-speech';
import { FakeMediaRecorder } from '@/test/fake-media';
import {
  flush,
  FRAME_MS,
  makeVoiceActivity,
  renderSpeech,
  setUpRecordedSpeechFakes,
  signalOf,
} from '@/test/recorded-speech';

// Issue 42: the recording so far is recognized during the VAD's hangover (speculation), and that
// answer used, dropped or replaced by the whole recording.

setUpRecordedSpeechFakes();

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

  it.each([
    ['failed', () => Promise.reject(new Error('network'))],
    ['heard no words', () => Promise.resolve({ text: '' })],
  ])('sends the whole recording when the speculative recognition %s', async (_, speculation) => {
    const vad = makeVoiceActivity('runs');
    const { result, transcribe, onHeard, onProblem } = await startListening(vad);
    transcribe.mockImplementationOnce(speculation);
    vad.frames(0.9, 800);
    vad.frames(0.1, END_OF_SPEECH_HANGOVER_MS);
    for (let turn = 0; turn < 5; turn += 1) {
      await flush();
    }
    expect(transcribe).toHaveBeenCalledTimes(2);
    expect(transcribe.mock.calls[1]).toHaveLength(1);
    expect(onHeard).toHaveBeenCalledTimes(1);
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
