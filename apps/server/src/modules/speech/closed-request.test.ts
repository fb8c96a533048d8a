import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import type { ApiClient } from '../../../test/storyfile.fixtures.ts';
import type { SeededStoryfile } from '../../../test/conversation.fixtures.ts';
import { seedOwnedStoryfile } from '../../../test/ask.fixtures.ts';
import { speak } from '../../../test/speech.fixtures.ts';

// Issue 42, item 3: the browser sends a spoken question speculatively when the visitor pauses and
// closes that request when they speak again. The studio stops the recording's work then (ffmpeg
// and the recognizer get the request's abort): here the recognizer is an external server that
// never answers by itself, with a timeout (300 s, the most allowed) longer than the test waits, so only the closed request
// can end its call.

let recognizer: Server;
let studio: TestStudio;
let owner: ApiClient;
let storyfile: SeededStoryfile;
/** The requests the recognizer holds, and whether each was closed by the studio. */
const held: { closed: boolean }[] = [];

beforeAll(async () => {
  recognizer = createServer((request) => {
    const entry = { closed: false };
    held.push(entry);
    request.resume();
    request.socket.once('close', () => {
      entry.closed = true;
    });
  });
  await new Promise<void>((resolve) => recognizer.listen(0, '127.0.0.1', resolve));
  studio = await startTestStudio({
    SPEECH_TO_TEXT_URL: `http://127.0.0.1:${(recognizer.address() as AddressInfo).port}`,
    SPEECH_TO_TEXT_TIMEOUT_SECONDS: '300',
  });
  ({ owner, storyfile } = await seedOwnedStoryfile(studio, 'north'));
}, 120_000);

afterAll(async () => {
  await studio?.stop();
  recognizer?.closeAllConnections();
  await new Promise((resolve) => recognizer?.close(resolve));
});

async function listSpeechFolders(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('conversa-speech-'));
}

describe('a spoken question whose request the browser closes', { timeout: 180_000 }, () => {
  it("stops the recognizer's call and removes the recording", async () => {
    const foldersBefore = await listSpeechFolders();
    const client = new AbortController();
    const sent = owner.browser
      .api(`/v1/conversa/speech2text?storyfileId=${storyfile.id}`, {
        method: 'POST',
        body: await speak('where were you born'),
        headers: { 'content-type': 'audio/webm' },
        signal: client.signal,
      })
      .catch((error: unknown) => error);
    // ffmpeg has converted it and the recognizer holds it.
    await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 60_000, interval: 50 });
    expect(held[0]!.closed).toBe(false);
    expect(await listSpeechFolders()).not.toEqual(foldersBefore);
    client.abort();
    expect(await sent).toBeInstanceOf(Error);
    // The limit bounds a hang: without the request's abort the call would wait out its 300 s.
    await vi.waitFor(() => expect(held[0]!.closed).toBe(true), { timeout: 60_000, interval: 50 });
    await vi.waitFor(
      async () =>
        expect((await listSpeechFolders()).filter((name) => !foldersBefore.includes(name))).toEqual(
          [],
        ),
      { timeout: 60_000, interval: 50 },
    );
  });
});
