import { describe, expect, it, vi } from 'vitest';
import { FakeSocket, heardMessage } from '@/test/fake-socket';
import { ApiError } from './api-client';
import { hearRecording, SpeechStreamSender, toSocketUrl } from './speech-stream';

// Issue 42, item 3: the spoken question streams over the studio's WebSocket while it is recorded;
// whenever the stream cannot be used, the recording is uploaded as before.

function openSender() {
  let socket: FakeSocket | undefined;
  const sender = new SpeechStreamSender('ws://studio.test/stream', (url) => {
    socket = new FakeSocket(url);
    return socket as unknown as WebSocket;
  });
  return { sender, socket: socket! };
}

const piece = (text: string) => new Blob([text], { type: 'audio/webm' });
const words = (text: string) => ({
  text,
  confidence: 0.9,
  alternatives: [{ text, confidence: 0.8 }],
});

describe('the spoken question streamed to the studio', () => {
  it('sends the pieces and messages in order, those made while connecting once open, and gives each decode its words', async () => {
    const { sender, socket } = openSender();
    sender.send(piece('a'));
    const first = sender.decode();
    socket.open();
    sender.send(piece('b'));
    expect(await (socket.sent[0] as Blob).text()).toBe('a');
    expect(socket.sent[1]).toBe('{"type":"decode","id":1}');
    expect(await (socket.sent[2] as Blob).text()).toBe('b');
    socket.answer(heardMessage(1, 'where were you'));
    expect(await first).toEqual(words('where were you'));

    // Speech again: the decode under way is dropped on both sides; the end is heard whole.
    const dropped = sender.decode();
    sender.cancel();
    expect(await dropped).toBeNull();
    const heard = sender.end();
    expect(socket.messages.slice(1)).toEqual([
      { type: 'decode', id: 2 },
      { type: 'cancel' },
      { type: 'end', id: 3 },
    ]);
    // A late answer to the dropped decode changes nothing.
    socket.answer(heardMessage(2, 'where'));
    socket.answer(heardMessage(3, 'where were you born'));
    expect(await heard).toEqual(words('where were you born'));
  });

  it('uploads the whole recording when the socket cannot open', async () => {
    const { sender, socket } = openSender();
    sender.send(piece('a'));
    socket.fail();
    expect(sender.isUsable).toBe(false);
    expect(await sender.decode()).toBeNull();
    const upload = vi.fn(async (recording: Blob) => ({ text: await recording.text() }));
    const recording = piece('the whole recording');
    expect(await hearRecording(sender, upload, recording)).toEqual({
      text: 'the whole recording',
    });
    expect(upload).toHaveBeenCalledWith(recording);
  });

  it('uploads the whole recording when the socket breaks before the words, answers nonsense, or fails to hear', async () => {
    const upload = vi.fn(() => Promise.resolve({ text: 'uploaded' }));
    const broken = openSender();
    broken.socket.open();
    const hearing = hearRecording(broken.sender, upload, piece('whole'));
    broken.socket.close();
    expect(await hearing).toEqual({ text: 'uploaded' });

    const confused = openSender();
    confused.socket.open();
    const confusedHearing = hearRecording(confused.sender, upload, piece('whole'));
    confused.socket.answer({ type: 'heard', id: 1, text: 42 });
    expect(await confusedHearing).toEqual({ text: 'uploaded' });
    expect(confused.socket.readyState).toBe(3);

    // The recognizer down, or the pieces unreadable as a stream: the upload may still be heard.
    for (const [statusCode, error] of [
      [503, 'SERVICE_UNAVAILABLE'],
      [415, 'UNSUPPORTED_MEDIA_TYPE'],
    ] as const) {
      const failing = openSender();
      failing.socket.open();
      const failingHearing = hearRecording(failing.sender, upload, piece('whole'));
      failing.socket.answer({ type: 'error', id: 1, statusCode, error, message: 'no' });
      expect(await failingHearing).toEqual({ text: 'uploaded' });
    }
    expect(upload).toHaveBeenCalledTimes(4);
  });

  it('gives up waiting after 20 s and uploads', async () => {
    vi.useFakeTimers();
    try {
      const upload = vi.fn(() => Promise.resolve({ text: 'uploaded' }));
      const { sender, socket } = openSender();
      socket.open();
      const hearing = hearRecording(sender, upload, piece('whole'));
      await vi.advanceTimersByTimeAsync(20_000);
      expect(await hearing).toEqual({ text: 'uploaded' });
      expect(socket.readyState).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says the studio's refusal and uploads nothing (the upload would be refused alike)", async () => {
    const upload = vi.fn(() => Promise.resolve({ text: 'uploaded' }));
    const { sender, socket } = openSender();
    socket.open();
    const hearing = hearRecording(sender, upload, piece('whole'));
    socket.answer({
      type: 'error',
      id: 1,
      statusCode: 413,
      error: 'PAYLOAD_TOO_LARGE',
      message: 'A spoken question can be at most 30 seconds long.',
    });
    const refusal = await hearing.catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      status: 413,
      message: 'A spoken question can be at most 30 seconds long.',
    });

    // The stream refused at its opening (too many questions): said at the end, not uploaded.
    const limited = openSender();
    limited.socket.open();
    limited.socket.answer({
      type: 'error',
      id: null,
      statusCode: 429,
      error: 'TOO_MANY_REQUESTS',
      message: 'Too many questions.',
    });
    await expect(hearRecording(limited.sender, upload, piece('whole'))).rejects.toMatchObject({
      status: 429,
    });
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads when the browser has no stream to offer, and addresses the socket on the page origin', async () => {
    const upload = vi.fn(() => Promise.resolve({ text: 'uploaded' }));
    expect(await hearRecording(null, upload, piece('whole'))).toEqual({ text: 'uploaded' });
    expect(
      toSocketUrl('/v1/conversa/speech2text/stream?storyfileId=1', {
        href: 'https://studio.example/interact',
      }),
    ).toBe('wss://studio.example/v1/conversa/speech2text/stream?storyfileId=1');
    expect(toSocketUrl('/v1/x/stream', { href: 'http://localhost:5173/' })).toBe(
      'ws://localhost:5173/v1/x/stream',
    );
  });
});
