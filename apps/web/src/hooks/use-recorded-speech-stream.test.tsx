import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { END_OF_SPEECH_HANGOVER_MS, END_OF_SPEECH_SILENCE_MS } from '@/lib/recorded-speech';
import { FakeMediaRecorder } from '@/test/fake-media';
import { FakeSocket, heardMessage } from '@/test/fake-socket';
import {
  advance,
  flush,
  FRAME_MS,
  makeVoiceActivity,
  setMicLevel,
  setUpRecordedSpeechFakes,
  signalOf,
} from '@/test/recorded-speech';
import { useRecordedSpeech } from './use-recorded-speech';

// Issue 42, item 3: the recording streamed to the studio over a WebSocket while it is spoken, and
// the upload it falls back to.

setUpRecordedSpeechFakes();

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
    setMicLevel(0.05);
    advance(1_000);
    setMicLevel(0.001);
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
