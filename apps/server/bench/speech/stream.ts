// Streams a recording to the speech2text WebSocket as the players do (issue 42, item 3): a piece
// every 250 ms, paced at the microphone's speed, then a decode at the end of speech (the pause's
// start); times the words' arrival from that decode.
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { speechStreamServerMessageSchema, type SpeechToTextResponse } from '@conversa/contracts';
import type { TestBrowser } from '../../test/studio.ts';

/** MediaRecorder's timeslice in the players. */
const PIECE_MS = 250;

export async function streamRecording(
  browser: TestBrowser,
  baseUrl: string,
  streamPath: string,
  recording: Buffer,
  seconds: number,
): Promise<{ heard: SpeechToTextResponse; afterEndSeconds: number }> {
  const address = new URL(streamPath, baseUrl);
  address.protocol = 'ws:';
  const socket = new WebSocket(address, {
    headers: { cookie: browser.cookieHeader(), origin: new URL(baseUrl).origin },
  });
  const answer = new Promise<SpeechToTextResponse>((resolve, reject) => {
    socket.on('message', (data: Buffer) => {
      const message = speechStreamServerMessageSchema.parse(JSON.parse(data.toString('utf8')));
      if (message.type === 'heard') {
        resolve(message);
      } else {
        reject(new Error(`stream refused: ${message.statusCode} ${message.message}`));
      }
    });
    socket.once('error', reject);
  });
  answer.catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  // The microphone's pieces, each sent when it would have been recorded: the last one at the end.
  const pieces = Math.max(1, Math.ceil((seconds * 1000) / PIECE_MS));
  const size = Math.ceil(recording.length / pieces);
  for (let index = 0; index < pieces; index += 1) {
    await sleep(PIECE_MS);
    socket.send(recording.subarray(index * size, (index + 1) * size));
  }
  const ended = performance.now();
  socket.send(JSON.stringify({ type: 'decode', id: 1 }));
  try {
    const heard = await answer;
    return { heard, afterEndSeconds: (performance.now() - ended) / 1000 };
  } finally {
    // The player closes the socket once the hangover has ended the question.
    socket.close();
  }
}
