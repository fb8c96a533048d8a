import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import {
  speechStreamServerMessageSchema,
  type SpeechStreamServerMessage,
} from '@conversa/contracts';
import type { ApiClient } from './storyfile.fixtures.ts';

/** MediaRecorder's timeslice in the players. */
export const PIECE_MS = 250;

/** One socket as a player holds it: the messages it got, in order, and what it sends. */
export class StreamClient {
  readonly socket: WebSocket;
  readonly messages: SpeechStreamServerMessage[] = [];
  private waiters: (() => void)[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<void>;

  constructor(client: ApiClient, url: string, origin = new URL(client.browser.baseUrl).origin) {
    const address = new URL(url, client.browser.baseUrl);
    address.protocol = 'ws:';
    this.socket = new WebSocket(address, {
      headers: { cookie: client.browser.cookieHeader(), origin },
    });
    this.socket.on('message', (data: Buffer) => {
      this.messages.push(speechStreamServerMessageSchema.parse(JSON.parse(data.toString('utf8'))));
      this.waiters.splice(0).forEach((wake) => wake());
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused: ${response.statusCode}`)),
      );
      this.socket.once('error', reject);
    });
    this.opened.catch(() => undefined);
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
  }

  /** The recording's pieces, one every PIECE_MS over `seconds` (from `from` to `to` of them). */
  async feed(audio: Buffer, seconds: number, share: { from?: number; to?: number } = {}) {
    const pieces = Math.max(1, Math.ceil((seconds * 1000) / PIECE_MS));
    const size = Math.ceil(audio.length / pieces);
    const first = Math.round(pieces * (share.from ?? 0));
    const last = Math.round(pieces * (share.to ?? 1));
    for (let index = first; index < last; index += 1) {
      this.socket.send(audio.subarray(index * size, (index + 1) * size));
      await sleep(PIECE_MS);
    }
  }

  say(message: unknown) {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message after the `count` already read. */
  async message(index: number): Promise<SpeechStreamServerMessage> {
    while (this.messages.length <= index) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return this.messages[index]!;
  }
}
