import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { collectCspViolations } from '../support/csp';
import { E2E } from '../support/env';
import { makeTestVideo, uploadProcessedVideo } from '../support/media';

// Issue 29: a visitor asks aloud in the public player and the studio's own recognizer hears it.
// Chromium's fake microphone plays a WAV made here with espeak-ng and sox (Debian's, installed
// by `npm test`); nothing is downloaded and no recording is kept in the repository.

const QUESTION = 'where did you grow up';
/** The fallback reasons that play please-repeat (nothing heard well enough), not cannot-answer. */
const PLEASE_REPEAT_REASONS = ['unintelligible', 'not-confident', 'readings-disagree'];

type VideoState = { currentSrc: string; currentTime: number };
type VideoDocument = { document: { querySelector(selector: string): VideoState | null } };
type VideoRow = { id: string; questionId: string | null; clipKind: string | null };
/** A video the seeded storyfile gets: the answer to its `question`th question, or a clip. */
type SeededVideo = ({ question: number } | { clipKind: 'pleaseRepeat' }) & { frequency: number };

/**
 * The question spoken by espeak-ng as the fake microphone's file: 48 kHz mono 16-bit, one second
 * of quiet first and three after, so the player's end-of-speech pause comes before the file ends.
 * The voice-activity detector is loaded before the press (issue 42, item 3), so the question can
 * come at once.
 */
function makeSpokenQuestion(text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'conversa-e2e-speech-'));
  const spoken = path.join(dir, 'spoken.wav');
  const wav = path.join(dir, 'question.wav');
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '160', '-w', spoken, text]);
  execFileSync('sox', [
    spoken,
    '-r',
    '48000',
    '-c',
    '1',
    '-b',
    '16',
    wav,
    'gain',
    '-n',
    '-3',
    'pad',
    '1',
    '3',
  ]);
  return wav;
}

/**
 * Noise and no voice, as the fake microphone's file: eleven seconds of brown noise (a fan, a
 * crowd's rumble), longer than the player's 8-s wait for speech.
 */
function makeNoise(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'conversa-e2e-noise-'));
  const wav = path.join(dir, 'noise.wav');
  execFileSync('sox', [
    '-n',
    '-r',
    '48000',
    '-c',
    '1',
    '-b',
    '16',
    wav,
    'synth',
    '11',
    'brownnoise',
    'vol',
    '0.5',
  ]);
  return wav;
}

/**
 * A fake microphone whose sound the test changes between questions: Chromium opens the file
 * afresh at each getUserMedia, so `play(wav)` sets what the next question hears (renamed into
 * place, never read half-written).
 */
function makeMicrophone(first: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'conversa-e2e-microphone-'));
  const file = path.join(dir, 'microphone.wav');
  const play = (wav: string) => {
    copyFileSync(wav, `${file}.next`);
    renameSync(`${file}.next`, file);
  };
  play(first);
  return { file, play };
}

/** A Chromium (the project's options) whose fake microphone plays `wav` once, then is quiet. */
function launchWithMicrophone(testInfo: TestInfo, wav: string): Promise<Browser> {
  const launchOptions = testInfo.project.use.launchOptions ?? {};
  return chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}%noloop`,
    ],
  });
}

/**
 * A storyfile of `questions` under one topic, a processed 6-s video on each of `videos`, then
 * published: its id, its public slug and the videos' ids in the order given.
 */
async function publishWithVideos(
  page: Page,
  name: string,
  questions: string[],
  videos: SeededVideo[],
): Promise<{ id: string; slug: string; videoIds: string[] }> {
  const seeded = await seedStoryfile(page, name, [{ name: 'Life', questions }]);
  const questionIds = seeded.topics[0]!.questions.map((question) => question.id);
  for (const video of videos) {
    await uploadProcessedVideo(
      page,
      seeded.id,
      'question' in video
        ? { questionId: questionIds[video.question]! }
        : { clipKind: video.clipKind },
      makeTestVideo({ frequency: video.frequency, seconds: 6 }),
    );
  }
  const listed = (await (
    await page.request.get(`/v1/conversa/storyfiles/${seeded.id}/videos`, {
      headers: WRITE_HEADERS,
    })
  ).json()) as { videos: VideoRow[] };
  const videoIds = videos.map(
    (video) =>
      listed.videos.find((row) =>
        'question' in video
          ? row.questionId === questionIds[video.question]
          : row.clipKind === video.clipKind,
      )!.id,
  );
  const published = await page.request.post(`/v1/conversa/storyfiles/${seeded.id}/publish`, {
    headers: WRITE_HEADERS,
  });
  expect(published.ok(), await published.text()).toBe(true);
  const { slug } = (await published.json()) as { slug: string };
  return { id: seeded.id, slug, videoIds };
}

/** Waits until the player's speaking video plays `videoId` and has advanced. */
async function waitForSpeaking(page: Page, name: string, videoId: string): Promise<void> {
  await page.waitForFunction(
    ({ label, id }) => {
      const video = (globalThis as unknown as VideoDocument).document.querySelector(
        `video[aria-label="${label}"]`,
      );
      return Boolean(video && video.currentSrc.includes(`/media/${id}/`) && video.currentTime > 0);
    },
    { label: `${name}, speaking`, id: videoId },
    { timeout: 30_000 },
  );
}

test("a visitor asks aloud in the public player and the studio's recognizer hears the question", async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await signIn(page, E2E.users.owner);
  const name = `Grandpa Joe ${makeSuffix()}`;
  const seeded = await publishWithVideos(
    page,
    name,
    ['Where did you grow up?', 'What was your first job?'],
    [
      { question: 0, frequency: 440 },
      { question: 1, frequency: 660 },
    ],
  );
  const grewUpVideo = seeded.videoIds[0]!;
  const { slug } = seeded;
  // A new storyfile hears spoken questions with the studio's recognizer.
  const settings = await page.request.get(`/v1/conversa/storyfiles/${seeded.id}/speech-settings`, {
    headers: WRITE_HEADERS,
  });
  expect(await settings.json()).toMatchObject({ recognizer: 'studio' });

  let heardText: string;
  // The visitor's Chromium has a fake microphone that says the question (once, then quiet).
  const microphoneBrowser = await launchWithMicrophone(testInfo, makeSpokenQuestion(QUESTION));
  try {
    const visitorContext = await microphoneBrowser.newContext({ baseURL: E2E.studioUrl });
    const violations = await collectCspViolations(visitorContext);
    // The page's long tasks, for the record (printed, not asserted: they are times).
    await visitorContext.addInitScript(() => {
      const tasks: number[][] = [];
      (globalThis as unknown as { longTasks: number[][] }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          tasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
        }
      }).observe({ type: 'longtask', buffered: true });
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/s/${slug}`);
    await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible();
    await visitor.getByRole('button', { name: 'Start the conversation' }).click();
    // Issue 42, item 3: the recording streams over the WebSocket while it is spoken and the
    // words come back on it; the upload (the fallback) is not needed.
    const uploads: string[] = [];
    visitor.on('request', (request) => {
      if (request.url().endsWith(`/v1/conversa/public/storyfiles/${slug}/speech2text`)) {
        uploads.push(request.url());
      }
    });
    const sentOnSocket: string[] = [];
    const heard = new Promise<{ type: string; id: number; text: string; recognizer: string }>(
      (resolve) => {
        visitor.on('websocket', (socket) => {
          if (!socket.url().endsWith(`/v1/conversa/public/storyfiles/${slug}/speech2text/stream`)) {
            return;
          }
          socket.on('framesent', ({ payload }) => {
            if (typeof payload === 'string') {
              sentOnSocket.push(payload);
            }
          });
          socket.on('framereceived', ({ payload }) => {
            const message = JSON.parse(String(payload)) as {
              type: string;
              id: number;
              text: string;
              recognizer: string;
            };
            if (message.type === 'heard') {
              resolve(message);
            }
          });
        });
      },
    );
    // The speech button loaded the VAD once the page was idle, before the first question.
    await expect(visitor.getByRole('button', { name: 'Ask by voice' })).toHaveAttribute(
      'data-voice-activity',
      'ready',
      { timeout: 60_000 },
    );
    const readyAt = await visitor.evaluate(() => Math.round(performance.now()));
    await visitor.getByRole('button', { name: 'Ask by voice' }).click();
    const result = await heard;
    // Chromium's capture (48 kHz, its own processing) is not espeak's file bit for bit: the
    // recognizer may add or drop a small word, so the question's words are checked, and the
    // answer proves it was understood.
    // Issue 42, item 3: the voice-activity detector ran in Chromium under the studio's policy
    // (its worklet, model and WebAssembly from /assets) and ended the question after its
    // hangover of non-speech, sooner than the level rule's 1.2 s pause would have.
    const askByVoice = visitor.getByRole('button', { name: 'Ask by voice' });
    await expect(askByVoice).toHaveAttribute('data-end-of-speech', /^voice-activity \d+$/);
    const pauseMs = Number((await askByVoice.getAttribute('data-end-of-speech'))!.split(' ')[1]);
    expect(pauseMs).toBeGreaterThanOrEqual(600);
    expect(pauseMs).toBeLessThan(1_200);
    // The words came from the decode asked on the socket when the pause began (recognized
    // during the hangover), not from an end asked after it, and nothing was uploaded.
    await expect(askByVoice).toHaveAttribute('data-recognition', 'speculative');
    await expect(askByVoice).toHaveAttribute('data-transport', 'stream');
    expect(sentOnSocket.map((text) => (JSON.parse(text) as { type: string }).type)).toContain(
      'decode',
    );
    expect(result.type).toBe('heard');
    expect(uploads).toEqual([]);
    expect(violations.take()).toEqual([]);
    expect(result.recognizer).toBe('whisper');
    expect(result.text).toMatch(/^where did you grow\b/);
    heardText = result.text;
    // The words come back into the transcript as a spoken question, and its answer plays.
    const transcript = visitor.getByRole('region', { name: 'Transcript' });
    await expect(transcript.getByText(heardText)).toBeVisible();
    await expect(transcript.getByText('(spoken)')).toBeVisible();
    await waitForSpeaking(visitor, name, grewUpVideo);
    const longTasks = await visitor.evaluate(
      () => (globalThis as unknown as { longTasks: number[][] }).longTasks,
    );
    testInfo.annotations.push({
      type: 'long tasks (start ms, duration ms)',
      description: `VAD ready by ${readyAt} ms: ${JSON.stringify(longTasks)}`,
    });
    console.log(`speech: VAD ready by ${readyAt} ms; long tasks ${JSON.stringify(longTasks)}`);
    await visitorContext.close();
  } finally {
    await microphoneBrowser.close();
  }

  // The chat log shows the exchange as spoken, through the share link, answered.
  await page.goto(`/training/chat_logs?storyfileId=${seeded.id}`);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: heardText, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Spoken');
  await expect(row).toContainText('Share link');
  await expect(row).toContainText('Answered');
  await expect(row).toContainText('Where did you grow up?');
});

test('a visitor whose question is only noise is asked to repeat it, then is answered', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await signIn(page, E2E.users.owner);
  const name = `Aunt May ${makeSuffix()}`;
  const seeded = await publishWithVideos(
    page,
    name,
    ['Where did you grow up?', 'What was your first job?'],
    [
      { question: 0, frequency: 440 },
      { clipKind: 'pleaseRepeat', frequency: 1000 },
    ],
  );
  const [grewUpVideo, pleaseRepeatVideo] = seeded.videoIds as [string, string];
  const { slug } = seeded;

  // Issue 42, item 2: the microphone first hears a room's noise and no voice.
  const microphone = makeMicrophone(makeNoise());
  const microphoneBrowser = await launchWithMicrophone(testInfo, microphone.file);
  try {
    const visitor = await (
      await microphoneBrowser.newContext({ baseURL: E2E.studioUrl })
    ).newPage();
    await visitor.goto(`/s/${slug}`);
    await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible();
    await visitor.getByRole('button', { name: 'Start the conversation' }).click();
    const askByVoice = visitor.getByRole('button', { name: 'Ask by voice' });
    await expect(askByVoice).toHaveAttribute('data-voice-activity', 'ready', { timeout: 60_000 });
    const isAsk = (response: { url(): string; request(): { method(): string } }) =>
      response.url().endsWith(`/v1/conversa/public/storyfiles/${slug}/ask`) &&
      response.request().method() === 'POST';
    const notHeard = visitor.waitForResponse(isAsk, { timeout: 60_000 });
    await askByVoice.click();
    const notHeardAnswer = (await (await notHeard).json()) as {
      decision: { kind: string; reason?: string };
    };
    // Noise is a question not heard: please repeat, not "I can't answer that". Mostly the VAD
    // hears no voice in it and nothing is recognized (unintelligible); now and then it takes a
    // burst for speech, and the recognizer hears no words or unsure ones.
    expect(notHeardAnswer.decision.kind).toBe('fallback');
    expect(PLEASE_REPEAT_REASONS).toContain(notHeardAnswer.decision.reason);
    await waitForSpeaking(visitor, name, pleaseRepeatVideo);
    const transcript = visitor.getByRole('region', { name: 'Transcript' });
    await expect(transcript.getByText('Asked you to say that again.')).toBeVisible();
    // No microphone problem is shown: the microphone worked, the storyfile did not hear.
    await expect(
      visitor.getByText('No speech was heard. Check your microphone and try again.'),
    ).toHaveCount(0);

    // The next spoken try is allowed, and this time the visitor says the question.
    microphone.play(makeSpokenQuestion(QUESTION));
    // Streamed or uploaded, the words heard come back into the ask as a spoken question.
    const asked = visitor.waitForResponse(isAsk, { timeout: 120_000 });
    await expect(askByVoice).toBeEnabled();
    await askByVoice.click();
    const question = (await asked).request().postDataJSON() as { text: string; inputMode: string };
    expect(question.inputMode).toBe('spoken');
    expect(question.text).toMatch(/^where did you grow\b/);
    await waitForSpeaking(visitor, name, grewUpVideo);
    await expect(transcript.getByText(question.text)).toBeVisible();
  } finally {
    await microphoneBrowser.close();
  }

  // The chat log records both tries: the one not heard and why, then the answered one.
  await page.goto(`/training/chat_logs?storyfileId=${seeded.id}`);
  await expect(
    page.getByRole('row').filter({
      hasText: /Speech not understood|Not heard clearly|Heard several ways, none fits/,
    }),
  ).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Where did you grow up?' })).toHaveCount(1);
});
