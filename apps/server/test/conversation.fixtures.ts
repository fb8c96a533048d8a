// Factories for the conversation, chat log, publishing and dashboard integration tests: answer
// and clip videos committed the way processing commits them (files in the media store, then the
// rows), without ffmpeg.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { MEDIA_FILES, type ClipKind, type MediaFileRole } from '@conversa/contracts';
import { mediaAssets } from '../src/modules/media/media.tables.ts';
import { storyfileQuestions } from '../src/modules/storyfiles/storyfiles.tables.ts';
import { uploads } from '../src/modules/uploads/uploads.tables.ts';
import type { RunningStudio } from '../src/server.ts';
import type { TestStudio } from './studio.ts';
import { buildStoryfile, type ApiClient } from './storyfile.fixtures.ts';

/** Bytes standing in for a video: the media route streams whatever the store holds. */
export const FAKE_VIDEO_BYTES = Buffer.from('not really an mp4, but bytes to stream '.repeat(40));

/**
 * Commits one answer or clip video (files, then the upload and media rows) to a running studio,
 * test or benchmark (`bench/support.ts` seeds its storyfile with it too).
 */
export async function seedAsset(
  studio: Pick<RunningStudio, 'config' | 'database'>,
  target: { storyfileId: string; questionId?: string; clipKind?: ClipKind },
  /** Real files a browser plays (a benchmark's); `FAKE_VIDEO_BYTES` for the others. */
  bytes: Partial<Record<MediaFileRole, Buffer>> = {},
): Promise<string> {
  const uploadId = randomBytes(16).toString('hex');
  const folder = path.join(studio.config.dataDir, 'media', 'videos', uploadId);
  await mkdir(folder, { recursive: true });
  for (const role of ['video', 'poster', 'audio'] as const) {
    await writeFile(path.join(folder, MEDIA_FILES[role].name), bytes[role] ?? FAKE_VIDEO_BYTES);
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
  const file = (role: MediaFileRole) => ({
    ...MEDIA_FILES[role],
    sizeBytes: (bytes[role] ?? FAKE_VIDEO_BYTES).length,
  });
  const [asset] = await db
    .insert(mediaAssets)
    .values({
      uploadId,
      storyfileId: target.storyfileId,
      storyfileQuestionId: target.questionId ?? null,
      clipKind: target.clipKind ?? null,
      storagePrefix: `videos/${uploadId}`,
      files: { video: file('video'), poster: file('poster'), audio: file('audio') },
      durationMs: 2000,
      width: 320,
      height: 240,
    })
    .returning();
  if (target.questionId) {
    await db
      .update(storyfileQuestions)
      .set({ answerRecordedAt: new Date() })
      .where(eq(storyfileQuestions.id, target.questionId));
  }
  return asset!.id;
}

export interface SeededStoryfile {
  id: string;
  name: string;
  /** Question text -> checklist question id. */
  questions: Record<string, string>;
  /** Clip kind -> asset id of the recorded clips. */
  clips: Partial<Record<ClipKind, string>>;
}

export const RECORDED_QUESTIONS = [
  { text: 'Where were you born?', alternates: ['What is your birthplace?'] },
  { text: 'What is your favourite movie?', alternates: ['Which film do you love the most?'] },
  { text: 'What do you do for a living?', alternates: ['What is your job?'] },
];
export const UNRECORDED_QUESTION = 'Do you have any pets?';

/**
 * A storyfile with three recorded answers, one unrecorded question and the given clips recorded.
 */
export async function seedStoryfileWithAnswers(
  studio: TestStudio,
  editor: ApiClient,
  namespaceId: string,
  clipKinds: ClipKind[] = ['idle', 'intro', 'cannotAnswer', 'pleaseRepeat'],
): Promise<SeededStoryfile> {
  const storyfile = await buildStoryfile(editor, namespaceId);
  const topic = await editor.expectStatus<{ id: string }>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfile.id}/topics`,
    { name: 'Life' },
  );
  const questions: Record<string, string> = {};
  for (const question of [...RECORDED_QUESTIONS, { text: UNRECORDED_QUESTION, alternates: [] }]) {
    const created = await editor.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/questions`,
      { topicId: topic.id, ...question },
    );
    questions[question.text] = created.id;
  }
  for (const question of RECORDED_QUESTIONS) {
    await seedAsset(studio, { storyfileId: storyfile.id, questionId: questions[question.text] });
  }
  const clips: Partial<Record<ClipKind, string>> = {};
  for (const clipKind of clipKinds) {
    clips[clipKind] = await seedAsset(studio, { storyfileId: storyfile.id, clipKind });
  }
  return { id: storyfile.id, name: storyfile.name, questions, clips };
}

/** The labels a storyfile holds of what its visitors taught (`storyfile_learned_labels`). */
export async function countLearnedLabels(studio: TestStudio, storyfileId: string): Promise<number> {
  const counted = await studio.database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from storyfile_learned_labels
      where storyfile_id = ${storyfileId}`,
  );
  return counted.rows[0]!.count;
}
