import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { readWebVttCueTexts } from './webvtt.ts';

/** A captions file larger than this is not read for its words (ours are a few KB a minute). */
export const MAX_CAPTIONS_BYTES_READ = 1_000_000;
/** Files read from the store at once. */
const READ_CONCURRENCY = 4;
/**
 * Parsed captions kept in memory, by store key: a file never changes under its key (a new video is
 * a new row, and edited captions get a new file name with each revision).
 */
const CACHE_LIMIT = 5_000;

export interface CaptionText {
  assetId: string;
  /** The answer the video belongs to, or null for a clip (intro, idle, …). */
  questionId: string | null;
  cues: string[];
}

const cache = new Map<string, string[]>();

async function readStoredText(store: MediaStore, key: string): Promise<string | null> {
  const stored = await store.stat(key);
  if (!stored || stored.sizeBytes > MAX_CAPTIONS_BYTES_READ) {
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(key)) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readCues(store: MediaStore, key: string): Promise<string[]> {
  const cached = cache.get(key);
  if (cached) {
    return cached;
  }
  const text = await readStoredText(store, key);
  const cues = text === null ? [] : readWebVttCueTexts(text);
  if (cache.size >= CACHE_LIMIT) {
    cache.delete(cache.keys().next().value!);
  }
  cache.set(key, cues);
  return cues;
}

/**
 * The cue texts of every captioned video of a storyfile (answers and clips). A file missing from
 * the store, too large, or not WebVTT gives no cues rather than an error: captions are a bonus.
 */
export async function readStoryfileCaptionTexts(
  db: Database,
  store: MediaStore,
  storyfileId: string,
): Promise<CaptionText[]> {
  const assets = (
    await db.execute<{ id: string; question_id: string | null; key: string }>(sql`
      select id, storyfile_question_id as question_id,
        storage_prefix || '/' || (files -> 'captions' ->> 'name') as key
      from media_assets
      where storyfile_id = ${storyfileId} and files ? 'captions'
      order by created_at, id`)
  ).rows;
  const results: CaptionText[] = new Array<CaptionText>(assets.length);
  let next = 0;
  const worker = async () => {
    while (next < assets.length) {
      const index = next++;
      const asset = assets[index]!;
      const cues = await readCues(store, asset.key).catch(() => []);
      results[index] = { assetId: asset.id, questionId: asset.question_id, cues };
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, assets.length) }, worker));
  return results;
}
