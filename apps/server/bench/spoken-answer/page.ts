// bench:spoken-answer's measurement (bench/spoken-answer.ts): what the player's page notes, and one
// question asked aloud there, timed from its last word to the answer's first frame.
import { copyFileSync, renameSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { SpokenQuestion, Timing } from './options.ts';

/** What the page notes: when the microphone opened, and when each video started playing. */
export function watchPage(): void {
  const page = globalThis as unknown as PageGlobals;
  const marks: PageMarks = { microphoneAt: [], playing: [], socket: [] };
  page.benchMarks = marks;
  const devices = page.navigator.mediaDevices;
  const getUserMedia = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints) => {
    const stream = await getUserMedia(constraints);
    marks.microphoneAt.push(page.performance.now());
    return stream;
  };
  // The stream's messages: a recognition asked ('decode' at a pause, 'end'), words come back.
  const Socket = page.WebSocket;
  page.WebSocket = class extends Socket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        if (typeof event.data === 'string' && event.data.includes('"type":"heard"')) {
          marks.socket.push({ kind: 'heard', at: page.performance.now() });
        }
      });
    }
    override send(data: unknown): void {
      if (typeof data === 'string' && /"type":"(decode|end)"/.test(data)) {
        marks.socket.push({ kind: 'asked', at: page.performance.now() });
      }
      super.send(data);
    }
  };
  page.document.addEventListener(
    'playing',
    (event) => {
      const video = event.target as { currentSrc: string };
      marks.playing.push({ src: video.currentSrc, at: page.performance.now() });
    },
    true,
  );
}

/** The few browser globals the page's functions use (this project compiles without the DOM's types). */
export interface PageGlobals {
  navigator: { mediaDevices: { getUserMedia(constraints: unknown): Promise<unknown> } };
  document: {
    addEventListener(
      type: string,
      listener: (event: { target: unknown }) => void,
      capture: boolean,
    ): void;
    querySelector(selector: string): { currentSrc: string } | null;
  };
  performance: {
    now(): number;
    getEntriesByType(type: 'resource'): { name: string; fetchStart: number; responseEnd: number }[];
  };
  WebSocket: new (url: string, protocols?: string | string[]) => PageSocket;
  benchMarks: PageMarks;
}

export interface PageSocket {
  send(data: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export type AskDecision = { kind: string; questionId?: string; reason?: string };

export interface PageMarks {
  microphoneAt: number[];
  playing: { src: string; at: number }[];
  socket: { kind: 'asked' | 'heard'; at: number }[];
}

export async function ask(
  page: Page,
  question: SpokenQuestion,
  microphone: string,
  speakingLabel: string,
): Promise<
  Omit<Timing, 'group' | 'question' | 'voice' | 'outcome' | 'answered'> & { decision: AskDecision }
> {
  copyFileSync(question.wav, `${microphone}.next`);
  renameSync(`${microphone}.next`, microphone);
  const before = await page.evaluate(() => {
    const marks = (globalThis as unknown as PageGlobals).benchMarks;
    return { playing: marks.playing.length, socket: marks.socket.length };
  });
  const asked = page.waitForResponse(
    (response) => response.url().endsWith('/ask') && response.request().method() === 'POST',
    { timeout: 60_000 },
  );
  const button = page.getByRole('button', { name: 'Ask by voice' });
  await button.click();
  const askResponse = await asked;
  // Streamed or uploaded, the words heard come back into the ask.
  const words = askResponse.request().postDataJSON() as { text: string };
  const answer = (await askResponse.json()) as { decision: AskDecision };
  await page.waitForFunction(
    ({ label, count }) => {
      const page = globalThis as unknown as PageGlobals;
      const marks = page.benchMarks;
      const video = page.document.querySelector(`video[aria-label="${label}"]`);
      return (
        video !== null &&
        marks.playing.slice(count).some((mark) => mark.src === video.currentSrc && mark.at > 0)
      );
    },
    { label: speakingLabel, count: before.playing },
    { timeout: 60_000 },
  );
  const endOfSpeech = await button.getAttribute('data-end-of-speech');
  const recognition = await button.getAttribute('data-recognition');
  const transport = await button.getAttribute('data-transport');
  const marks = await page.evaluate(
    ({ label, count, socketCount, isStreamed }) => {
      const page = globalThis as unknown as PageGlobals;
      const all = page.benchMarks;
      const video = page.document.querySelector(`video[aria-label="${label}"]`)!;
      const entries = page.performance.getEntriesByType('resource');
      const last = (part: string) => entries.filter((entry) => entry.name.includes(part)).at(-1);
      const socket = all.socket.slice(socketCount);
      const lastOnSocket = (kind: 'asked' | 'heard') =>
        socket.filter((mark) => mark.kind === kind).at(-1)?.at ?? NaN;
      return {
        microphoneAt: all.microphoneAt.at(-1)!,
        firstFrameAt: all.playing.slice(count).find((mark) => mark.src === video.currentSrc)!.at,
        sentAt: isStreamed ? lastOnSocket('asked') : (last('/speech2text')?.fetchStart ?? NaN),
        recognizedAt: isStreamed
          ? lastOnSocket('heard')
          : (last('/speech2text')?.responseEnd ?? NaN),
        askedAt: last('/ask')?.fetchStart ?? NaN,
        chosenAt: last('/ask')?.responseEnd ?? NaN,
      };
    },
    {
      label: speakingLabel,
      count: before.playing,
      socketCount: before.socket,
      isStreamed: transport === 'stream',
    },
  );
  const lastWordAt = marks.microphoneAt + question.lastWordSeconds * 1000;
  const pauseMs = Number(endOfSpeech?.split(' ')[1] ?? NaN);
  const since = (at: number) => (at - lastWordAt) / 1000;
  return {
    recognition,
    transport,
    heard: words.text,
    endOfSpeech: pauseMs / 1000,
    sent: since(marks.sentAt),
    recognized: since(marks.recognizedAt),
    asked: since(marks.askedAt),
    chosen: since(marks.chosenAt),
    firstFrame: since(marks.firstFrameAt),
    decision: answer.decision,
  };
}
