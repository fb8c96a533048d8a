import { speechStreamServerMessageSchema, type SpeechReading } from '@conversa/contracts';
import { ApiError } from './api-client';

/** MediaRecorder's timeslice while streaming: a piece of the recording every 250 ms. */
export const STREAM_PIECE_MS = 250;
/**
 * Longest wait for a decode's words; past it the stream is given up and the whole recording is
 * uploaded instead.
 */
export const STREAM_ANSWER_TIMEOUT_MS = 20_000;

// WebSocket's readyState values (the constants are not on every test environment's global).
const SOCKET_CONNECTING = 0;
const SOCKET_OPEN = 1;

/** What the studio's recognizer heard (the upload's answer, or the stream's). */
export interface StreamedSpeech {
  text: string;
  confidence: number | null;
  alternatives: SpeechReading[];
}

/** The WebSocket address of a speech2text stream path, on the page's own origin. */
export function toSocketUrl(path: string, location: Pick<Location, 'href'> = window.location) {
  const url = new URL(path, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/**
 * A refusal the upload of the same recording would get too (empty, too long or large, too many
 * questions, no access): said to the visitor. Others (not readable as a stream, the recognizer
 * down, the server failing) leave the whole recording to the upload.
 */
function isFinalRefusal(statusCode: number): boolean {
  return statusCode >= 400 && statusCode < 500 && statusCode !== 415;
}

interface Waiting {
  isEnd: boolean;
  resolve: (heard: StreamedSpeech | null | ApiError) => void;
}

/**
 * A spoken question sent to the studio's recognizer while it is recorded (issue 42, item 3): the
 * socket opens when recording starts, each piece MediaRecorder cuts goes as it comes (queued, in
 * order with the messages, while the socket connects), `decode()` asks for the words said so far
 * (the visitor paused), `cancel()` drops that (they spoke again), `end()` asks for the words of
 * the whole recording. Each resolves with the words, or with null when the stream could not be
 * used (the socket did not open, broke, answered nonsense or nothing for 20 s, or failed to hear):
 * the caller then uploads the recording. `end()` rejects with a refusal the upload would get too
 * (an ApiError).
 */
export class SpeechStreamSender {
  private readonly socket: WebSocket | null;
  private readonly queue: (Blob | string)[] = [];
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private isBroken = false;
  private refusal: ApiError | null = null;

  constructor(url: string, createSocket: (url: string) => WebSocket = (at) => new WebSocket(at)) {
    let socket: WebSocket | null = null;
    try {
      socket = createSocket(url);
    } catch {
      this.isBroken = true;
    }
    this.socket = socket;
    if (!socket) {
      return;
    }
    socket.binaryType = 'arraybuffer';
    socket.addEventListener('open', () => {
      this.queue.splice(0).forEach((data) => socket.send(data));
    });
    socket.addEventListener('message', (event: MessageEvent) => this.receive(event.data));
    // Closed (or never opened): what is still awaited goes to the upload.
    socket.addEventListener('close', () => this.breakOff());
    socket.addEventListener('error', () => this.breakOff());
  }

  /** The socket is open or opening, and nothing went wrong on it. */
  get isUsable(): boolean {
    const state = this.socket?.readyState;
    return !this.isBroken && (state === SOCKET_CONNECTING || state === SOCKET_OPEN);
  }

  private transmit(data: Blob | string): void {
    if (!this.isUsable) {
      return;
    }
    if (this.socket!.readyState === SOCKET_CONNECTING) {
      this.queue.push(data);
    } else {
      this.socket!.send(data);
    }
  }

  private receive(data: unknown): void {
    const parsed = speechStreamServerMessageSchema.safeParse(
      typeof data === 'string' ? safeJson(data) : null,
    );
    if (!parsed.success) {
      this.close();
      return;
    }
    const message = parsed.data;
    if (message.type === 'error') {
      const refusal = new ApiError(message.message, message.statusCode, message.error);
      const isShown = isFinalRefusal(message.statusCode);
      if (message.id === null) {
        // The stream itself was refused: it closes.
        this.refusal = isShown ? refusal : null;
        this.close();
        return;
      }
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      waiting?.resolve(waiting.isEnd && isShown ? refusal : null);
      return;
    }
    const waiting = this.waiting.get(message.id);
    this.waiting.delete(message.id);
    const { text, confidence, alternatives } = message;
    waiting?.resolve({ text, confidence, alternatives });
  }

  private breakOff(): void {
    this.isBroken = true;
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    waiting.forEach((entry) => entry.resolve(entry.isEnd ? this.refusal : null));
  }

  private async ask(isEnd: boolean): Promise<StreamedSpeech | null> {
    if (!this.isUsable) {
      if (isEnd && this.refusal) {
        throw this.refusal;
      }
      return null;
    }
    const id = this.nextId;
    this.nextId += 1;
    let timer = 0;
    const answer = new Promise<StreamedSpeech | null | ApiError>((resolve) => {
      this.waiting.set(id, { isEnd, resolve });
      timer = window.setTimeout(() => {
        // Nothing for this long: given up, the recording goes whole.
        this.close();
      }, STREAM_ANSWER_TIMEOUT_MS);
    });
    this.transmit(JSON.stringify({ type: isEnd ? 'end' : 'decode', id }));
    try {
      const heard = await answer;
      if (heard instanceof ApiError) {
        throw heard;
      }
      return heard;
    } finally {
      window.clearTimeout(timer);
    }
  }

  /** One piece of the recording, in order. */
  send(piece: Blob): void {
    if (piece.size > 0) {
      this.transmit(piece);
    }
  }

  /** The visitor paused: the words said so far (null: not heard on the stream). */
  decode(): Promise<StreamedSpeech | null> {
    return this.ask(false);
  }

  /** The visitor spoke again: the decode under way is dropped, here and on the studio. */
  cancel(): void {
    for (const [id, entry] of this.waiting) {
      if (!entry.isEnd) {
        this.waiting.delete(id);
        entry.resolve(null);
      }
    }
    this.transmit(JSON.stringify({ type: 'cancel' }));
  }

  /** The recording is complete: its words (null: upload it), or the studio's refusal. */
  end(): Promise<StreamedSpeech | null> {
    return this.ask(true);
  }

  /** Done with the stream (answered, or nothing to hear): the studio drops what it holds. */
  close(): void {
    this.breakOff();
    this.queue.length = 0;
    if (this.socket && this.socket.readyState <= SOCKET_OPEN) {
      this.socket.close();
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The words of a finished recording: asked on the stream when it is still usable, else (no
 * stream, or it gave null) by uploading the whole recording. A refusal on the stream is the
 * answer: the same recording uploaded would be refused alike.
 */
export async function hearRecording<H extends { text: string }>(
  sender: Pick<SpeechStreamSender, 'end' | 'close' | 'isUsable'> | null,
  upload: (recording: Blob) => Promise<H>,
  recording: Blob,
): Promise<StreamedSpeech | H> {
  const streamed = sender ? await sender.end() : null;
  sender?.close();
  return streamed ?? upload(recording);
}
