import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  buildPackageUploadMetadata,
  MEDIA_FILES,
  OPTIONAL_MEDIA_FILES,
  type StoryfileDetail,
  type StoryfilePackageJob,
} from '@conversa/contracts';
import { mediaAssets } from '../src/modules/media/media.tables.ts';
import { storyfileClips, storyfileQuestions } from '../src/modules/storyfiles/storyfiles.tables.ts';
import { videoTranscripts } from '../src/modules/transcripts/transcripts.tables.ts';
import { uploads } from '../src/modules/uploads/uploads.tables.ts';
import { startTestStudio, type TestStudio } from './studio.ts';
import { buildMember, buildNamespace, type ApiClient } from './storyfile.fixtures.ts';
import { makeTempDir, makeTestVideo, uploadBytes } from './upload.fixtures.ts';

// Issue 31, storyfile packages: the storyfile the package tests export, import, refuse and
// duplicate ("Grandpa Tom" of the harbour, with videos, a caption, an ink story and vocabulary),
// and the second studio it travels to (modules/packages/package-*.test.ts).

export const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:01.500\nI was born by the sea.\n';
/** The captioned answer's transcript: an author's words, with the words the recognizer heard. */
export const EDITED_TRANSCRIPT = {
  status: 'edited' as const,
  source: 'author' as const,
  engine: 'pocketsphinx',
  text: 'I was born by the sea.',
  cues: [{ startMs: 0, endMs: 1500, text: 'I was born by the sea.' }],
  words: [
    { text: 'i', startMs: 0, endMs: 200, confidence: 0.9 },
    { text: 'was', startMs: 200, endMs: 400, confidence: 0.9 },
    { text: 'born', startMs: 400, endMs: 800, confidence: 0.8 },
    { text: 'by', startMs: 800, endMs: 950, confidence: 0.9 },
    { text: 'this', startMs: 950, endMs: 1100, confidence: 0.4 },
    { text: 'sea', startMs: 1100, endMs: 1500, confidence: 0.9 },
  ],
};

/** Version 1 plays the answer to the first question by its id: an import must follow the new id. */
export const inkV1 = (questionId: string) =>
  `Hello, I am glad you came.\n* [Tell me about the sea] I grew up with the sound of waves. # answer: ${questionId}\n- -> END\n`;
export const INK_V2 = 'Hello again.\n* [Tell me about the sea] Waves, every morning.\n- -> END\n';

const SCRIPT = [
  {
    topic: 'Childhood',
    questions: [
      { text: 'Where were you born?', alternates: ['What is your birthplace?'], recorded: true },
      {
        text: 'What was your school like?',
        alternates: ['Tell me about your school'],
        recorded: true,
      },
      {
        text: 'Did you have brothers or sisters?',
        alternates: ['Do you have siblings?'],
        recorded: true,
      },
      { text: 'What games did you play as a child?', alternates: [], recorded: false },
    ],
  },
  {
    topic: 'Work',
    questions: [
      { text: 'What do you do for a living?', alternates: ['What is your job?'], recorded: true },
      {
        text: 'Why did you become a fisherman?',
        alternates: ['How did you start fishing?'],
        recorded: true,
      },
      { text: 'What is the hardest part of your work?', alternates: [], recorded: true },
      { text: 'Do you like your boat?', alternates: ['Tell me about your boat'], recorded: true },
    ],
  },
];

export async function waitForJob(client: ApiClient, jobId: string): Promise<StoryfilePackageJob> {
  const until = Date.now() + 120_000;
  for (;;) {
    const job = await client.expectStatus<StoryfilePackageJob>(
      200,
      'GET',
      `/v1/conversa/storyfile-packages/jobs/${jobId}`,
    );
    if (job.state === 'done' || job.state === 'failed' || Date.now() > until) {
      return job;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A video committed the way processing commits it: files in the store, then the rows. */
async function seedVideo(
  studio: TestStudio,
  target: {
    storyfileId: string;
    questionId?: string;
    clipKind?: 'idle' | 'intro' | 'cannotAnswer' | 'pleaseRepeat';
  },
  withCaptions: boolean,
  videoBytes: Buffer,
): Promise<void> {
  const uploadId = randomBytes(16).toString('hex');
  const folder = path.join(studio.config.dataDir, 'media', 'videos', uploadId);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, MEDIA_FILES.video.name), videoBytes);
  await writeFile(path.join(folder, MEDIA_FILES.poster.name), Buffer.from(`poster of ${uploadId}`));
  await writeFile(path.join(folder, MEDIA_FILES.audio.name), Buffer.from(`audio of ${uploadId}`));
  if (withCaptions) {
    await writeFile(path.join(folder, OPTIONAL_MEDIA_FILES.captions.name), CAPTIONS);
  }
  const { db } = studio.database;
  await db.insert(uploads).values({
    id: uploadId,
    tusId: uploadId,
    kind: target.questionId ? 'answer' : 'clip',
    storyfileId: target.storyfileId,
    storyfileQuestionId: target.questionId ?? null,
    clipKind: target.clipKind ?? null,
    phase: 'ready',
    uploadedAt: new Date(),
  });
  const size = async (name: string) => (await stat(path.join(folder, name))).size;
  const files = {
    video: { ...MEDIA_FILES.video, sizeBytes: await size(MEDIA_FILES.video.name) },
    poster: { ...MEDIA_FILES.poster, sizeBytes: await size(MEDIA_FILES.poster.name) },
    audio: { ...MEDIA_FILES.audio, sizeBytes: await size(MEDIA_FILES.audio.name) },
    ...(withCaptions
      ? {
          captions: {
            ...OPTIONAL_MEDIA_FILES.captions,
            sizeBytes: await size(OPTIONAL_MEDIA_FILES.captions.name),
          },
        }
      : {}),
  };
  // The asset and its transcript at once: the studio's recovery round drafts a video without one.
  await db.transaction(async (tx) => {
    const [asset] = await tx
      .insert(mediaAssets)
      .values({
        uploadId,
        storyfileId: target.storyfileId,
        storyfileQuestionId: target.questionId ?? null,
        clipKind: target.clipKind ?? null,
        storagePrefix: `videos/${uploadId}`,
        files,
        durationMs: 2000,
        width: 320,
        height: 240,
      })
      .returning({ id: mediaAssets.id });
    if (withCaptions) {
      await tx.insert(videoTranscripts).values({
        assetId: asset!.id,
        storyfileId: target.storyfileId,
        ...EDITED_TRANSCRIPT,
        revision: 2,
      });
    }
  });
  if (target.questionId) {
    await db
      .update(storyfileQuestions)
      .set({ answerRecordedAt: new Date() })
      .where(eq(storyfileQuestions.id, target.questionId));
  } else {
    await db
      .update(storyfileClips)
      .set({ recordedAt: new Date() })
      .where(
        and(
          eq(storyfileClips.storyfileId, target.storyfileId),
          eq(storyfileClips.kind, target.clipKind!),
        ),
      );
  }
}

/** The source studio, its owner and Grandpa Tom's storyfile with its videos' bytes. */
export interface PackageSource {
  source: TestStudio;
  owner: ApiClient;
  sourceNamespaceId: string;
  storyfileId: string;
  videoBytes: Buffer;
}

/** The studio a package is imported into: a curator who may edit the namespace "museum". */
export interface PackageTarget {
  target: TestStudio;
  importer: ApiClient;
  targetNamespaceId: string;
}

/** Starts the source studio and seeds the storyfile (a package test file's beforeAll). */
export async function startPackageSource(): Promise<PackageSource> {
  const [source, videoPath] = await Promise.all([
    startTestStudio(),
    makeTempDir().then((dir) => makeTestVideo(dir)),
  ]);
  const videoBytes = await readFile(videoPath);
  const sourceNamespaceId = await buildNamespace(source, 'harbour');
  const owner = await buildMember(source, 'owner@harbour.test', { harbour: 'owner:ns' });
  const storyfile = await owner.expectStatus<StoryfileDetail>(
    201,
    'POST',
    '/v1/conversa/storyfiles',
    {
      namespaceId: sourceNamespaceId,
      name: 'Grandpa Tom',
      description: 'A fisherman of the north harbour.',
      status: 'recording',
    },
  );
  const storyfileId = storyfile.id;
  const questionIds: string[] = [];
  let first_ = true;
  for (const { topic, questions } of SCRIPT) {
    const created = await owner.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/topics`,
      { name: topic },
    );
    for (const question of questions) {
      const made = await owner.expectStatus<{ id: string }>(
        201,
        'POST',
        `/v1/conversa/storyfiles/${storyfileId}/questions`,
        { topicId: created.id, text: question.text, alternates: question.alternates },
      );
      questionIds.push(made.id);
      if (question.recorded) {
        await seedVideo(source, { storyfileId, questionId: made.id }, first_, videoBytes);
        first_ = false;
      }
    }
  }
  for (const clipKind of ['idle', 'intro', 'cannotAnswer'] as const) {
    await seedVideo(source, { storyfileId, clipKind }, false, videoBytes);
  }
  await owner.expectStatus(200, 'PUT', `/v1/conversa/storyfiles/${storyfileId}/starters`, {
    questionIds: [questionIds[4], questionIds[0]],
  });
  await owner.expectStatus(200, 'PUT', `/v1/conversa/storyfiles/${storyfileId}/matching-settings`, {
    threshold: 0.42,
  });
  await owner.expectStatus(201, 'POST', '/v1/conversa/training/categories', {
    namespaceId: sourceNamespaceId,
    name: 'Boats',
    phrases: ['boat', 'ship', 'vessel'],
  });
  await owner.expectStatus(201, 'POST', '/v1/conversa/training/categories', {
    namespaceId: sourceNamespaceId,
    storyfileId,
    name: 'Siblings',
    phrases: ['siblings', 'brothers', 'sisters'],
  });
  await owner.expectStatus(201, 'POST', '/v1/conversa/training/words', {
    namespaceId: sourceNamespaceId,
    term: 'Skagen',
    heardAs: ['scag in'],
  });
  await owner.expectStatus(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/ink-story/versions`,
    {
      source: inkV1(questionIds[0]!),
    },
  );
  await owner.expectStatus(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/ink-story/versions`,
    {
      source: INK_V2,
    },
  );
  await owner.expectStatus(
    200,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/ink-story/versions/1/publish`,
  );
  return { source, owner, sourceNamespaceId, storyfileId, videoBytes };
}

/** Starts the studio a package goes to, with its namespace and curator. */
export async function startPackageTarget(): Promise<PackageTarget> {
  const target = await startTestStudio();
  const targetNamespaceId = await buildNamespace(target, 'museum');
  const importer = await buildMember(target, 'curator@museum.test', { museum: 'edit:ns' });
  return { target, importer, targetNamespaceId };
}

/** Exports the storyfile and downloads its package with the exporter's session. */
export async function exportPackage(
  studio: TestStudio,
  owner: ApiClient,
  storyfileId: string,
): Promise<Buffer> {
  const job = await owner.expectStatus<StoryfilePackageJob>(
    202,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/export`,
  );
  const done = await waitForJob(owner, job.id);
  expect(done.state).toBe('done');
  const url = new URL(done.downloadUrl ?? '', studio.baseUrl);
  const response = await owner.browser.request(url.href);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Uploads a package to the target studio through tus; answers its upload id. */
export async function uploadPackage(
  importer: ApiClient,
  bytes: Buffer,
  filename = 'package.zip',
): Promise<string> {
  const { id, finish } = await uploadBytes(
    importer.browser,
    bytes,
    buildPackageUploadMetadata({ filename }),
  );
  expect(finish.status).toBe(204);
  return id;
}
