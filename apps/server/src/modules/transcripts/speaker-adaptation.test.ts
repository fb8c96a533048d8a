// Issue 52, item 1: drafts that improve with the storyfile's own voice. Real speech of one
// speaker (LJ Speech, public domain: benchmarks/speech/ljspeech-lj001) uploaded as answers
// through tus and the in-process worker, drafted by the real pocketsphinx; once authors corrected
// enough of them (2 here, SPEAKER_ADAPTATION_FIRST; 5 by default) the real sphinxtrain adapts the
// recognizer, the voice is kept in the media store, the draft still needing review is redone
// (and can be undone), a new upload is drafted with the voice, and a duplicate rebuilds its own.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type StoryfileTranscripts,
  type Transcript,
  TRANSCRIPT_NOT_REDRAFTED_MESSAGE,
  TRANSCRIPT_STALE_MESSAGE,
} from '@conversa/contracts';
import {
  DRAFT_HANG_MS,
  transcriptPathOf,
  uploadStoryfileVideo,
  waitForTranscript,
} from '../../../test/transcript.fixtures.ts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import {
  type ApiClient,
  buildMember,
  buildNamespace,
  buildStoryfile,
} from '../../../test/storyfile.fixtures.ts';
import { makeTempDir, TEST_FFMPEG } from '../../../test/upload.fixtures.ts';
import { getAdaptationMilestone } from './speaker-adaptation-trigger.ts';
import { getSpeakerModelPrefix, removeUnusedSpeakerModels } from './speaker-voice.ts';
import { storyfileSpeakerModels } from './transcripts.tables.ts';

const SPEAKER_DIR = fileURLToPath(
  new URL('../../../../../benchmarks/speech/ljspeech-lj001/', import.meta.url),
);
const run = promisify(execFile);
/** Bounds a hang, not the work: drafts and the adaptation run at the lowest CPU priority. */
const HANG_MS = DRAFT_HANG_MS;

let studio: TestStudio;
let owner: ApiClient;
let storyfileId: string;
let dir: string;
let truth: Map<string, string>;
let topicId: string;
const videos: Record<string, string> = {};

/** A testsrc picture over one LJ Speech utterance: an answer the speaker recorded. */
async function makeReadingVideo(id: string): Promise<string> {
  const file = path.join(dir, `${id}.mp4`);
  await run(TEST_FFMPEG, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10'],
    ...['-i', path.join(SPEAKER_DIR, `${id}.flac`)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-shortest', file],
  ]);
  return file;
}

async function uploadAnswer(id: string, questionText: string): Promise<string> {
  const question = await owner.expectStatus<{ id: string }>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/questions`,
    { topicId, text: questionText },
  );
  return uploadStoryfileVideo(owner, storyfileId, await makeReadingVideo(id), {
    questionId: question.id,
  });
}

const transcriptOf = (videoId: string) =>
  owner.expectStatus<Transcript>(200, 'GET', transcriptPathOf(storyfileId, videoId));
const listTranscripts = () =>
  owner.expectStatus<StoryfileTranscripts>(
    200,
    'GET',
    `/v1/conversa/storyfiles/${storyfileId}/transcripts`,
  );

async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean): Promise<T> {
  const until = Date.now() + HANG_MS;
  for (;;) {
    const value = await read();
    if (isDone(value) || Date.now() > until) {
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** An author types the words the speaker said, as one caption over the draft's span. */
async function correct(videoId: string, id: string): Promise<Transcript> {
  const draft = await waitForTranscript(owner, storyfileId, videoId, HANG_MS);
  const endMs = Math.max(...draft.cues.map((cue) => cue.endMs), 1000);
  return owner.expectStatus<Transcript>(200, 'PUT', transcriptPathOf(storyfileId, videoId), {
    cues: [{ startMs: 0, endMs, text: truth.get(id)! }],
    revision: draft.revision,
    timing: 'as-sent',
  });
}

beforeAll(async () => {
  // Adapting to a speaker is pocketsphinx's (MLLR, MAP): Whisper, the default, is not adapted.
  studio = await startTestStudio({
    SPEAKER_ADAPTATION_FIRST: '2',
    SPEECH_RECOGNIZER: 'pocketsphinx',
  });
  const namespaceId = await buildNamespace(studio, 'voices');
  owner = await buildMember(studio, 'owner@voice.test', { voices: 'owner:ns' });
  storyfileId = (await buildStoryfile(owner, namespaceId)).id;
  topicId = (
    await owner.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/topics`,
      { name: 'Printing' },
    )
  ).id;
  dir = await makeTempDir();
  truth = new Map(
    (await readFile(path.join(SPEAKER_DIR, 'transcripts.txt'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)]),
  );
  videos.first = await uploadAnswer('LJ001-0004', 'Who came before the printed book?');
  videos.second = await uploadAnswer('LJ001-0011', 'What matters most in a letter?');
  videos.later = await uploadAnswer('LJ001-0029', 'Which letter was used most?');
}, HANG_MS);

afterAll(async () => {
  await studio?.stop();
});

describe('when the storyfile is adapted', () => {
  it('first after 5 corrected answers, then every 20 (the defaults), never with 0', () => {
    const defaults = { first: 5, every: 20 };
    expect(
      [0, 4, 5, 6, 24, 25, 44, 45].map((count) => getAdaptationMilestone(count, defaults)),
    ).toEqual([null, null, 5, 5, 5, 25, 25, 45]);
    expect(getAdaptationMilestone(50, { first: 0, every: 20 })).toBeNull();
  });
});

describe("drafts redone with the storyfile's voice", { timeout: HANG_MS * 2 }, () => {
  let original: Transcript;
  let redone: Transcript;

  it('after 2 corrected answers, redrafts the answer still needing review and keeps the voice', async () => {
    original = await waitForTranscript(owner, storyfileId, videos.later!, HANG_MS);
    expect(original).toMatchObject({ status: 'draft', source: 'recognizer', redraft: null });
    expect(original.speakerModelRevision).toBeNull();
    const first = await correct(videos.first!, 'LJ001-0004');
    expect(await listTranscripts()).toMatchObject({ redrafted: 0 });
    const second = await correct(videos.second!, 'LJ001-0011');

    redone = await waitFor(
      () => transcriptOf(videos.later!),
      (transcript) => transcript.redraft !== null,
    );
    expect(redone).toMatchObject({
      status: 'draft',
      source: 'recognizer',
      review: 'needs-review',
      engine: 'pocketsphinx',
      speakerModelRevision: 1,
      revision: original.revision + 1,
      redraft: { previousText: original.text },
    });
    expect(redone.words.length).toBeGreaterThan(0);
    // The answers the author corrected are never redrafted.
    expect(await transcriptOf(videos.first!)).toMatchObject({
      status: 'edited',
      revision: first.revision,
      redraft: null,
    });
    expect(await transcriptOf(videos.second!)).toMatchObject({
      status: 'edited',
      revision: second.revision,
      redraft: null,
    });
    const listed = await listTranscripts();
    expect(listed.redrafted).toBe(1);
    expect(listed.transcripts.find((entry) => entry.videoId === videos.later)).toMatchObject({
      isRedrafted: true,
    });

    // The voice: an MLLR transform from the 2 answers, kept in the storyfile's media store.
    const models = await studio.database.db
      .select()
      .from(storyfileSpeakerModels)
      .where(eq(storyfileSpeakerModels.storyfileId, storyfileId));
    expect(models).toMatchObject([
      { revision: 1, method: 'mllr', corrected: 2, recordings: 2, files: ['mllr_matrix'] },
    ]);
    const stored = await studio.media.mediaStore.stat(`${models[0]!.storagePrefix}/mllr_matrix`);
    expect(stored?.sizeBytes).toBeGreaterThan(1000);
  });

  it('undo puts the previous draft back; a stale or second undo is refused', async () => {
    const stale = await owner.call(
      'POST',
      `${transcriptPathOf(storyfileId, videos.later!)}/undo-redraft`,
      {
        revision: redone.revision - 1,
      },
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: TRANSCRIPT_STALE_MESSAGE });

    const undone = await owner.expectStatus<Transcript>(
      200,
      'POST',
      `${transcriptPathOf(storyfileId, videos.later!)}/undo-redraft`,
      { revision: redone.revision },
    );
    expect(undone).toMatchObject({
      status: 'draft',
      review: 'needs-review',
      text: original.text,
      cues: original.cues,
      speakerModelRevision: null,
      redraft: null,
      revision: redone.revision + 1,
    });
    const again = await owner.call(
      'POST',
      `${transcriptPathOf(storyfileId, videos.later!)}/undo-redraft`,
      { revision: undone.revision },
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: TRANSCRIPT_NOT_REDRAFTED_MESSAGE });
    expect(await listTranscripts()).toMatchObject({ redrafted: 0 });
  });

  it("a new upload's draft is made with the storyfile's voice", async () => {
    const videoId = await uploadAnswer('LJ001-0013', 'How do ugly letters compare?');
    const draft = await waitForTranscript(owner, storyfileId, videoId, HANG_MS);
    expect(draft).toMatchObject({ status: 'draft', speakerModelRevision: 1, redraft: null });
    expect(draft.words.length).toBeGreaterThan(0);
  });

  it('a duplicate rebuilds its own voice from the corrected answers it copied, and redrafts', async () => {
    const copy = await owner.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/duplicate`,
      {},
    );
    // The recovery round (every ≤ 10 s) finds the copy's 2 corrected answers without a voice.
    const listCopy = () =>
      owner.expectStatus<StoryfileTranscripts>(
        200,
        'GET',
        `/v1/conversa/storyfiles/${copy.id}/transcripts`,
      );
    const listed = await waitFor(listCopy, (list) => list.redrafted === 2);
    expect(listed).toMatchObject({ needsReview: 2, redrafted: 2 });
    const models = await studio.database.db
      .select()
      .from(storyfileSpeakerModels)
      .where(eq(storyfileSpeakerModels.storyfileId, copy.id));
    expect(models).toMatchObject([{ revision: 1, method: 'mllr', corrected: 2 }]);
  });

  it('maintenance removes the voice files no storyfile uses, and keeps each storyfile’s latest', async () => {
    const { mediaStore } = studio.media;
    const inUse = `${getSpeakerModelPrefix(storyfileId, 1)}/mllr_matrix`;
    // A purged storyfile's voice: its rows went with it, its files stayed.
    const orphan = `${getSpeakerModelPrefix(randomUUID(), 1)}/mllr_matrix`;
    // publishFile moves the file into the store: a copy of its own.
    const local = path.join(dir, 'orphan-mllr_matrix');
    await copyFile(path.join(SPEAKER_DIR, 'transcripts.txt'), local);
    await mediaStore.publishFile(local, orphan, 'application/octet-stream');
    const removed = await removeUnusedSpeakerModels({
      db: studio.database.db,
      mediaStore,
      olderThan: new Date(Date.now() + 60_000),
    });
    expect(removed).toBe(1);
    expect(await mediaStore.stat(orphan)).toBeNull();
    expect(await mediaStore.stat(inUse)).not.toBeNull();
  });
});
