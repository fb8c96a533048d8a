import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { AskResponse, StoryfileDetail, StoryfileVideos } from '@conversa/contracts';
import { videoTranscripts } from '../src/modules/transcripts/transcripts.tables.ts';
import type { TestStudio } from './studio.ts';
import type { ApiClient } from './storyfile.fixtures.ts';

// What the package tests compare between a storyfile and its import or copy (the script, the ink
// story, the vocabulary, the videos, twenty answers), and the package's zip read and rewritten.

/** Twenty questions a visitor might ask: most match, some fall back, one leans on a category. */
export const TWENTY_QUESTIONS = [
  'Where were you born?',
  'what is your birthplace',
  'Tell me about your school',
  'Do you have siblings?',
  'do you have any brothers',
  'What games did you play?',
  'What is your job?',
  'what do you do for work',
  'How did you start fishing?',
  'why are you a fisherman',
  'What is hard about your work?',
  'Tell me about your vessel',
  'Do you like your ship?',
  'What is the capital of Peru?',
  'How tall is Mount Everest?',
  'Who won the football world cup?',
  'Can you recommend a good pizza?',
  'school',
  'Where is your boat?',
  'asdf qwerty',
];

/** The transcripts of a storyfile's videos, as stored (words included, which the API leaves out). */
export async function transcriptsOf(studio: TestStudio, storyfileId: string) {
  return studio.database.db
    .select({
      status: videoTranscripts.status,
      source: videoTranscripts.source,
      engine: videoTranscripts.engine,
      text: videoTranscripts.text,
      cues: videoTranscripts.cues,
      words: videoTranscripts.words,
    })
    .from(videoTranscripts)
    .where(
      and(
        eq(videoTranscripts.storyfileId, storyfileId),
        inArray(videoTranscripts.status, ['draft', 'edited']),
      ),
    );
}
/** Rows and media folders a bad import must leave as they were. */
export async function countEverything(studio: TestStudio): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [
    'storyfiles',
    'storyfile_topics',
    'storyfile_questions',
    'storyfile_clips',
    'storyfile_starters',
    'media_assets',
    'ink_story_versions',
    'ink_stories',
    'custom_categories',
    'custom_words',
    'storyfile_matching_settings',
  ]) {
    const result = await studio.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from ${sql.identifier(table)}`,
    );
    counts[table] = result.rows[0]!.count;
  }
  const videos = path.join(studio.config.dataDir, 'media', 'videos');
  counts.mediaFolders = (await readdir(videos).catch(() => [])).length;
  return counts;
}

/** The package's entries, read whole (the test's own small packages). */
export async function readEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
    }
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}

export async function writeZip(
  entries: Array<{ name: string; bytes: Buffer; compress?: boolean; mode?: number }>,
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(entry.bytes, entry.name, {
      compress: entry.compress ?? false,
      ...(entry.mode === undefined ? {} : { mode: entry.mode }),
    });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(zip.outputStream)) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function askAll(client: ApiClient, id: string) {
  const answers = [];
  for (const text of TWENTY_QUESTIONS) {
    const answer = await client.expectStatus<AskResponse>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${id}/ask`,
      { text },
    );
    answers.push({
      text,
      // Ids differ between studios; everything else of the decision (kind, fallback reason) must not.
      decision: Object.fromEntries(
        Object.entries(answer.decision).filter(([key]) => !key.endsWith('Id')),
      ),
      questionText: answer.questionText,
      message: answer.message,
      hasMedia: answer.media !== null,
    });
  }
  return answers;
}

/** The script as a person compares it: topics, questions, alternates, recorded or not, clips. */
export function scriptOf(detail: StoryfileDetail) {
  return {
    description: detail.description,
    language: detail.language,
    status: detail.status,
    topics: detail.topics.map((topic) => ({
      name: topic.name,
      questions: topic.questions.map((question) => ({
        text: question.text,
        alternates: question.alternates,
        isRecorded: question.answerRecordedAt !== null,
      })),
    })),
    clips: detail.clips.map((clip) => ({
      kind: clip.kind,
      prompt: clip.prompt,
      isRecorded: clip.recordedAt !== null,
    })),
    starters: detail.starters.map((starter) => starter.text),
  };
}

export async function vocabularyOf(client: ApiClient, namespaceId: string) {
  const categories = await client.expectStatus<{
    items: Array<{ name: string; phrases: string[] }>;
  }>(200, 'GET', `/v1/conversa/training/categories?namespaceId=${namespaceId}&pageSize=100`);
  const words = await client.expectStatus<{
    items: Array<{ term: string; displayForm: string | null; heardAs: string[] }>;
  }>(200, 'GET', `/v1/conversa/training/words?namespaceId=${namespaceId}&pageSize=100`);
  return {
    categories: categories.items
      .map((item) => ({ name: item.name, phrases: [...item.phrases].sort() }))
      .sort((x, y) => x.name.localeCompare(y.name)),
    words: words.items
      .map((item) => ({ term: item.term, displayForm: item.displayForm, heardAs: item.heardAs }))
      .sort((x, y) => x.term.localeCompare(y.term)),
  };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The source of version 1, which names the answer to "Where were you born?" by id. */
export async function expectInkNamesOwnQuestion(client: ApiClient, id: string) {
  const detail = await client.expectStatus<StoryfileDetail>(
    200,
    'GET',
    `/v1/conversa/storyfiles/${id}`,
  );
  const born = detail.topics[0]!.questions.find(
    (question) => question.text === 'Where were you born?',
  )!;
  const version = await client.expectStatus<{ source: string; errorCount: number }>(
    200,
    'GET',
    `/v1/conversa/storyfiles/${id}/ink-story/versions/1`,
  );
  expect(version.source).toContain(`# answer: ${born.id}`);
  expect(version.errorCount).toBe(0);
}

export async function inkOf(client: ApiClient, id: string) {
  const story = await client.expectStatus<{
    publishedNumber: number | null;
    versions: Array<{ number: number }>;
  }>(200, 'GET', `/v1/conversa/storyfiles/${id}/ink-story`);
  const sources = [];
  for (const version of story.versions) {
    const full = await client.expectStatus<{ source: string }>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${id}/ink-story/versions/${version.number}`,
    );
    sources.push({ number: version.number, source: full.source });
  }
  return {
    published: story.publishedNumber,
    // Question ids differ between storyfiles; expectInkNamesOwnQuestion checks the id itself.
    sources: sources
      .sort((x, y) => x.number - y.number)
      .map((version) => ({ ...version, source: version.source.replace(UUID, '<question id>') })),
  };
}

/** Every video of the storyfile plays: its signed URL answers 206 with the video's bytes. */
export async function expectVideosPlay(
  studio: TestStudio,
  client: ApiClient,
  id: string,
  count: number,
  videoBytes: Buffer,
) {
  const list = await client.expectStatus<StoryfileVideos>(
    200,
    'GET',
    `/v1/conversa/storyfiles/${id}/videos`,
  );
  expect(list.videos).toHaveLength(count);
  for (const video of list.videos) {
    const url = new URL(video.videoUrl, studio.baseUrl);
    const partial = await fetch(url, { headers: { range: 'bytes=0-1023' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await partial.arrayBuffer())).toEqual(videoBytes.subarray(0, 1024));
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(videoBytes)).toBe(true);
  }
  return list.videos;
}
