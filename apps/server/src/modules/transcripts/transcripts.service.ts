import { setImmediate } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import {
  CUE_ENDS_BEFORE_START_MESSAGE,
  formatWebVtt,
  getTranscriptReview,
  type SaveVideoTranscriptBody,
  type StoryfileTranscripts,
  type Transcript,
  TRANSCRIPT_STALE_MESSAGE,
  TRANSCRIPT_STATUSES,
  type TranscriptStatus,
  VIDEO_NOT_FOUND_MESSAGE,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { replaceAssetCaptions } from '../media/index.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { alignEditedCues } from './align.ts';
import { joinCueTexts } from './cues.ts';
import { videoTranscripts } from './transcripts.tables.ts';

type TranscriptRow = typeof videoTranscripts.$inferSelect;

/** What a transcript's answer is made of: its row, or the values a save just wrote. */
type PresentedRow = Pick<
  TranscriptRow,
  | 'assetId'
  | 'status'
  | 'source'
  | 'engine'
  | 'text'
  | 'cues'
  | 'revision'
  | 'error'
  | 'approvedAt'
  | 'words'
  | 'speakerModelRevision'
  | 'previousDraft'
  | 'redraftedAt'
  | 'updatedAt'
>;

export function presentTranscript(row: PresentedRow): Transcript {
  return {
    videoId: row.assetId,
    status: row.status,
    source: row.source ?? null,
    engine: row.engine ?? null,
    text: row.text,
    cues: row.cues,
    revision: row.revision,
    error: row.error ?? null,
    review: getTranscriptReview(row),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    words: row.source === 'recognizer' ? row.words : [],
    speakerModelRevision: row.speakerModelRevision ?? null,
    redraft:
      row.previousDraft && row.redraftedAt
        ? { redraftedAt: row.redraftedAt.toISOString(), previousText: row.previousDraft.text }
        : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Makes the `pending` transcript row of a new video and queues its draft. Idempotent: a row that
 * exists stays as it is (an author's words are never queued over).
 */
export async function queueTranscript(
  db: Database,
  jobs: JobQueue,
  assetId: string,
): Promise<void> {
  const inserted = await db.execute<{ asset_id: string }>(sql`
    insert into ${videoTranscripts} (asset_id, storyfile_id)
    select id, storyfile_id from ${mediaAssets} where id = ${assetId}
    on conflict (asset_id) do nothing
    returning asset_id`);
  if (inserted.rows.length > 0) {
    await jobs.enqueueTranscription(assetId);
  }
}

/** Videos checked for a missing transcript in one recovery round. */
const MISSING_BATCH = 200;

/**
 * Videos with no transcript row yet (made before transcripts existed, imported from a package,
 * duplicated, or committed by a process that died before queuing the draft) get one, and their
 * drafts are queued: the back-fill of existing videos, resumable since each video is its own job
 * and its row says where it stands. Returns how many were queued.
 */
export async function queueMissingTranscripts(db: Database, jobs: JobQueue): Promise<number> {
  const inserted = await db.execute<{ asset_id: string }>(sql`
    insert into ${videoTranscripts} (asset_id, storyfile_id)
    select asset.id, asset.storyfile_id from ${mediaAssets} asset
    where not exists (select 1 from ${videoTranscripts} t where t.asset_id = asset.id)
    order by asset.created_at
    limit ${MISSING_BATCH}
    on conflict (asset_id) do nothing
    returning asset_id`);
  for (const row of inserted.rows) {
    await jobs.enqueueTranscription(row.asset_id);
  }
  return inserted.rows.length;
}

export async function findVideo(
  db: Database,
  storyfileId: string,
  videoId: string,
): Promise<{ id: string; storyfileId: string }> {
  const [asset] = await db
    .select({ id: mediaAssets.id, storyfileId: mediaAssets.storyfileId })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.id, videoId), eq(mediaAssets.storyfileId, storyfileId)));
  if (!asset) {
    throw notFound(VIDEO_NOT_FOUND_MESSAGE);
  }
  return asset;
}

/** A video's transcript; a video whose draft was never queued reads as `pending`. */
export async function getVideoTranscript(
  db: Database,
  storyfileId: string,
  videoId: string,
): Promise<Transcript> {
  const asset = await findVideo(db, storyfileId, videoId);
  const [row] = await db
    .select()
    .from(videoTranscripts)
    .where(eq(videoTranscripts.assetId, asset.id));
  return row
    ? presentTranscript(row)
    : {
        videoId: asset.id,
        status: 'pending',
        source: null,
        engine: null,
        text: '',
        cues: [],
        revision: 0,
        error: null,
        review: 'pending',
        approvedAt: null,
        words: [],
        speakerModelRevision: null,
        redraft: null,
        updatedAt: new Date().toISOString(),
      };
}

/**
 * Saves run one or two at a time in a process (issue 67 item 4): a save of 5,000 captions is a
 * few tenths of a second of CPU in pieces (the alignment, the captions file, the row's JSON), and
 * a dozen at once ran those pieces back to back, holding the event loop for up to 1.1 s. Waiting
 * saves wait without holding it, and each piece yields (`setImmediate`) before it starts.
 */
const transcriptSaves = pLimit(2);

/**
 * Saves an author's captions: the changed ones re-timed against the words the recognizer heard
 * (unless the author asks to keep the times as sent), the text made of them, the captions file
 * written anew. A save over a revision newer than the one edited is refused, so two authors never
 * silently overwrite each other.
 */
export async function saveVideoTranscript(
  db: Database,
  store: MediaStore,
  storyfileId: string,
  videoId: string,
  body: SaveVideoTranscriptBody,
): Promise<Transcript> {
  if (body.cues.some((cue) => cue.endMs <= cue.startMs)) {
    throw badRequest(CUE_ENDS_BEFORE_START_MESSAGE);
  }
  const asset = await findVideo(db, storyfileId, videoId);
  return transcriptSaves(() =>
    db.transaction(async (tx) => {
      await tx
        .insert(videoTranscripts)
        .values({ assetId: asset.id, storyfileId: asset.storyfileId })
        .onConflictDoNothing();
      // What the save reads, no more: an earlier draft's words and the like stay in PostgreSQL.
      const [row] = await tx
        .select({
          revision: videoTranscripts.revision,
          cues: videoTranscripts.cues,
          words: videoTranscripts.words,
          engine: videoTranscripts.engine,
          speakerModelRevision: videoTranscripts.speakerModelRevision,
        })
        .from(videoTranscripts)
        .where(eq(videoTranscripts.assetId, asset.id))
        .for('update');
      if (!row || row.revision !== body.revision) {
        throw conflict(TRANSCRIPT_STALE_MESSAGE);
      }
      await setImmediate();
      const sorted = [...body.cues].sort((first, second) => first.startMs - second.startMs);
      const cues =
        (body.timing ?? 'align') === 'align'
          ? alignEditedCues(sorted, row.cues, row.words)
          : sorted.map((cue) => ({ ...cue }));
      await setImmediate();
      const saved = {
        assetId: asset.id,
        status: 'edited',
        source: 'author',
        engine: row.engine,
        text: joinCueTexts(cues),
        cues,
        revision: row.revision + 1,
        error: null,
        approvedAt: null,
        words: row.words,
        speakerModelRevision: row.speakerModelRevision,
        previousDraft: null,
        redraftedAt: null,
        updatedAt: new Date(),
      } as const;
      await tx
        .update(videoTranscripts)
        .set({
          status: saved.status,
          source: saved.source,
          text: saved.text,
          cues,
          revision: saved.revision,
          error: null,
          approvedAt: null,
          previousDraft: null,
          redraftedAt: null,
          updatedAt: saved.updatedAt,
        })
        .where(eq(videoTranscripts.assetId, asset.id));
      await setImmediate();
      await replaceAssetCaptions(tx, store, asset.id, formatWebVtt(cues), saved.revision);
      return presentTranscript(saved);
    }),
  );
}

/** Queues a new draft by the recognizer; it replaces the saved words when it is made. */
export async function regenerateVideoTranscript(
  db: Database,
  jobs: JobQueue,
  storyfileId: string,
  videoId: string,
): Promise<Transcript> {
  const asset = await findVideo(db, storyfileId, videoId);
  const [row] = await db
    .insert(videoTranscripts)
    .values({ assetId: asset.id, storyfileId: asset.storyfileId, status: 'pending' })
    .onConflictDoUpdate({
      target: videoTranscripts.assetId,
      set: {
        status: 'pending',
        error: null,
        approvedAt: null,
        previousDraft: null,
        redraftedAt: null,
        updatedAt: new Date(),
      },
    })
    .returning();
  await jobs.enqueueTranscription(asset.id, undefined, { isFreshAttempt: true });
  return presentTranscript(row!);
}

/** Every video's transcript of a storyfile, and how many stand at each status. */
export async function listStoryfileTranscripts(
  db: Database,
  storyfileId: string,
): Promise<StoryfileTranscripts> {
  const rows = await db
    .select({
      videoId: mediaAssets.id,
      questionId: mediaAssets.storyfileQuestionId,
      clipKind: mediaAssets.clipKind,
      status: videoTranscripts.status,
      source: videoTranscripts.source,
      text: videoTranscripts.text,
      approvedAt: videoTranscripts.approvedAt,
      redraftedAt: videoTranscripts.redraftedAt,
    })
    .from(mediaAssets)
    .leftJoin(videoTranscripts, eq(videoTranscripts.assetId, mediaAssets.id))
    .where(eq(mediaAssets.storyfileId, storyfileId))
    .orderBy(mediaAssets.createdAt, mediaAssets.id);
  const counts = Object.fromEntries(TRANSCRIPT_STATUSES.map((status) => [status, 0])) as Record<
    TranscriptStatus,
    number
  >;
  let needsReview = 0;
  let redrafted = 0;
  const transcripts = rows.map((row) => {
    const status = row.status ?? 'pending';
    counts[status] += 1;
    const text = row.text ?? '';
    const review = getTranscriptReview({
      status,
      source: row.source,
      text,
      approvedAt: row.approvedAt,
    });
    needsReview += review === 'needs-review' ? 1 : 0;
    const isRedrafted = row.redraftedAt !== null && row.redraftedAt !== undefined;
    redrafted += isRedrafted ? 1 : 0;
    return {
      videoId: row.videoId,
      questionId: row.questionId,
      clipKind: row.clipKind,
      status,
      review,
      text,
      isRedrafted,
    };
  });
  return { counts, needsReview, redrafted, transcripts };
}
