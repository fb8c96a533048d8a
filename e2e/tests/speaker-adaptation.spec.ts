import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signIn } from '../support/auth';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { E2E } from '../support/env';
import { uploadProcessedVideo } from '../support/media';

// Issue 52, item 1: once an author corrected 5 answers (the default SPEAKER_ADAPTATION_FIRST),
// the studio adapts the recognizer to the storyfile's speaker (real sphinxtrain) and redoes the
// draft still needing review; the editor says so and Undo, from the keyboard, puts the previous
// draft back. Real speech of one reader: LJ Speech (public domain), benchmarks/speech/ljspeech-lj001.

const FFMPEG = process.env.TEST_FFMPEG ?? '/usr/bin/ffmpeg';
const SPEAKER_DIR = path.join(E2E.repoRoot, 'benchmarks/speech/ljspeech-lj001');
const CORRECTED = ['LJ001-0002', 'LJ001-0004', 'LJ001-0008', 'LJ001-0011', 'LJ001-0013'];
const LATER = 'LJ001-0029';
/** The strings of the web console (e2e imports no app code). */
const REDRAFTED_LABEL = 'Redrafted with this storyfile’s voice';
const UNDONE = 'Previous draft restored.';

interface Transcript {
  revision: number;
  text: string;
  cues: { startMs: number; endMs: number; text: string }[];
  status: string;
  redraft: { previousText: string } | null;
}

function makeReadingVideo(id: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'conversa-e2e-voice-'));
  const file = path.join(dir, `${id}.mp4`);
  execFileSync(FFMPEG, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10'],
    ...['-i', path.join(SPEAKER_DIR, `${id}.flac`)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-shortest', file],
  ]);
  return file;
}

async function readTranscript(page: Page, storyfileId: string, videoId: string) {
  const response = await page.request.get(
    `/v1/conversa/storyfiles/${storyfileId}/videos/${videoId}/transcript`,
    { headers: WRITE_HEADERS },
  );
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Transcript;
}

/** Bounds a hang, not the work: drafts and the adaptation run at the lowest CPU priority. */
const HANG_MS = 400_000;

async function waitForTranscript(
  page: Page,
  storyfileId: string,
  videoId: string,
  isDone: (transcript: Transcript) => boolean,
): Promise<Transcript> {
  let last: Transcript | undefined;
  await expect
    .poll(
      async () => {
        last = await readTranscript(page, storyfileId, videoId);
        return isDone(last);
      },
      { timeout: HANG_MS, intervals: [1000] },
    )
    .toBe(true);
  return last!;
}

test('a draft redone with the storyfile’s voice can be undone from the keyboard', async ({
  page,
}) => {
  // Issue 65: drafts are Whisper's by default and only pocketsphinx is adapted to a speaker, so
  // the shared e2e studio (on the default) never redrafts. The redraft and its undo are proved
  // against the real API on pocketsphinx by apps/server/.../speaker-adaptation.test.ts; this flow
  // in the browser needs a studio of its own on SPEECH_RECOGNIZER=pocketsphinx (not built yet).
  test.skip(true, 'adaptation is pocketsphinx only; the e2e studio runs Whisper (issue 65)');
  test.setTimeout(HANG_MS * 2);
  const truth = new Map(
    readFileSync(path.join(SPEAKER_DIR, 'transcripts.txt'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)]),
  );
  await signIn(page, E2E.users.owner);
  const ids = [...CORRECTED, LATER];
  const questions = ids.map((id, index) => `What did the printer say, part ${index + 1}?`);
  const seeded = await seedStoryfile(page, `Voiced Vera ${makeSuffix()}`, [
    { name: 'Printing', questions },
  ]);
  const videoIds: string[] = [];
  for (const [index, id] of ids.entries()) {
    const uploadId = await uploadProcessedVideo(
      page,
      seeded.id,
      { questionId: seeded.topics[0]!.questions[index]!.id },
      makeReadingVideo(id),
    );
    const videos = await page.request.get(`/v1/conversa/storyfiles/${seeded.id}/videos`, {
      headers: WRITE_HEADERS,
    });
    const listed = (await videos.json()) as { videos: { id: string; uploadId: string }[] };
    videoIds.push(listed.videos.find((video) => video.uploadId === uploadId)!.id);
  }
  const laterId = videoIds.at(-1)!;
  const original = await waitForTranscript(page, seeded.id, laterId, (t) => t.status !== 'pending');

  // The author corrects 5 answers: the fifth save queues the adaptation.
  for (const [index, id] of CORRECTED.entries()) {
    const draft = await waitForTranscript(
      page,
      seeded.id,
      videoIds[index]!,
      (t) => t.status !== 'pending',
    );
    const endMs = Math.max(1000, ...draft.cues.map((cue) => cue.endMs));
    const saved = await page.request.put(
      `/v1/conversa/storyfiles/${seeded.id}/videos/${videoIds[index]}/transcript`,
      {
        headers: WRITE_HEADERS,
        data: {
          cues: [{ startMs: 0, endMs, text: truth.get(id) }],
          revision: draft.revision,
          timing: 'as-sent',
        },
      },
    );
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  const redone = await waitForTranscript(page, seeded.id, laterId, (t) => t.redraft !== null);
  expect(redone.redraft!.previousText).toBe(original.text);

  await page.goto(`/storyfiles/${seeded.id}`);
  await expect(
    page.getByText(/^1 draft was redone with this storyfile’s voice/, { exact: false }),
  ).toBeVisible();
  await page
    .getByRole('button', { name: /^Transcript/ })
    .last()
    .click();
  const editor = page.getByRole('dialog', { name: `Transcript: ${questions.at(-1)}` });
  await expect(editor.getByText(REDRAFTED_LABEL)).toBeVisible();
  await expect(editor.getByRole('textbox', { name: 'Words of caption 1' })).toHaveValue(
    redone.cues[0]!.text,
  );
  await expectNoSeriousAxeViolations(page);
  await editor.getByRole('button', { name: 'Undo redraft' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor.getByRole('status').filter({ hasText: UNDONE })).toBeVisible();
  await expect(editor.getByText(REDRAFTED_LABEL)).toHaveCount(0);
  await expect(editor.getByRole('textbox', { name: 'Words of caption 1' })).toHaveValue(
    original.cues[0]!.text,
  );
  expect((await readTranscript(page, seeded.id, laterId)).text).toBe(original.text);
});
