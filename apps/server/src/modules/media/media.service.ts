import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  RECENT_UPLOADS_HOURS,
  VIDEO_NOT_FOUND_MESSAGE,
  type MediaFiles,
  type StoryfileVideos,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { mediaAssets, type MediaAssetFile } from './media.tables.ts';
import { uploads } from '../uploads/uploads.tables.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { notFound } from '../../http/errors.ts';
import { setVideoRecordedAt } from '../storyfiles/index.ts';
import { markUploadReady, presentUploadStatus, type UploadRow } from '../uploads/index.ts';
import type { MediaUrlSigner } from './signed-urls.ts';

export type MediaAssetRow = typeof mediaAssets.$inferSelect;

/** Where an asset's files live in the media store. */
export function getVideoStoragePrefix(uploadId: string): string {
  return `videos/${uploadId}`;
}

export interface CommitOutcome {
  /** Store prefixes no row refers to any more (a replaced video, or this one when superseded). */
  unreferencedPrefixes: string[];
  /** The new video's asset, when this one became the video of its question or clip. */
  assetId?: string;
}

/**
 * Makes processed files the video of their question or clip, in one transaction: the asset row
 * is the commit point, so a crash before it leaves nothing visible and a re-run redoes the work.
 * When two uploads race for one question, the one uploaded last wins whatever order their jobs
 * finish in; the loser still counts as processed (END) but its files are dropped.
 */
export async function commitProcessedVideo(
  db: Database,
  upload: UploadRow,
  video: {
    storagePrefix: string;
    files: MediaFiles<MediaAssetFile>;
    durationMs: number;
    width: number;
    height: number;
  },
): Promise<CommitOutcome> {
  const storyfileId = upload.storyfileId!;
  const target = {
    storyfileId,
    questionId: upload.storyfileQuestionId,
    clipKind: upload.clipKind,
  };
  return db.transaction(async (tx) => {
    const targetKey = target.questionId ?? `${storyfileId}:${target.clipKind}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`media:${targetKey}`}))`);
    const [current] = await tx
      .select({ upload: uploads })
      .from(uploads)
      .where(eq(uploads.id, upload.id))
      .for('update');
    if (!current || current.upload.phase !== 'processing') {
      // Cancelled, or a concurrent run of the same job finished first.
      return { unreferencedPrefixes: current ? [] : [video.storagePrefix] };
    }
    const [existing] = await tx
      .select({
        id: mediaAssets.id,
        storagePrefix: mediaAssets.storagePrefix,
        uploadedAt: uploads.uploadedAt,
      })
      .from(mediaAssets)
      .innerJoin(uploads, eq(uploads.id, mediaAssets.uploadId))
      .where(
        target.questionId
          ? eq(mediaAssets.storyfileQuestionId, target.questionId)
          : and(
              eq(mediaAssets.storyfileId, storyfileId),
              eq(mediaAssets.clipKind, target.clipKind!),
            ),
      );
    const isNewest =
      !existing ||
      !existing.uploadedAt ||
      !upload.uploadedAt ||
      existing.uploadedAt.getTime() <= upload.uploadedAt.getTime();
    if (isNewest) {
      if (existing) {
        await tx.delete(mediaAssets).where(eq(mediaAssets.id, existing.id));
      }
      const [inserted] = await tx
        .insert(mediaAssets)
        .values({
          uploadId: upload.id,
          storyfileId,
          storyfileQuestionId: target.questionId,
          clipKind: target.clipKind,
          storagePrefix: video.storagePrefix,
          files: video.files,
          durationMs: video.durationMs,
          width: video.width,
          height: video.height,
          createdBy: upload.userId,
        })
        .returning({ id: mediaAssets.id });
      await setVideoRecordedAt(tx, target, new Date());
      await markUploadReady(tx, upload.id);
      return {
        unreferencedPrefixes: existing ? [existing.storagePrefix] : [],
        assetId: inserted!.id,
      };
    }
    await markUploadReady(tx, upload.id);
    return { unreferencedPrefixes: [video.storagePrefix] };
  });
}

export async function findAssetByUpload(
  db: Database,
  uploadId: string,
): Promise<MediaAssetRow | undefined> {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.uploadId, uploadId));
  return row;
}

/** The store key of one file of an asset, found by the file's name among the row's own files. */
export async function findAssetFile(
  db: Database,
  assetId: string,
  fileName: string,
): Promise<{ asset: MediaAssetRow; file: MediaAssetFile; key: string } | null> {
  if (!z.uuid().safeParse(assetId).success) {
    return null;
  }
  const [asset] = await db.select().from(mediaAssets).where(eq(mediaAssets.id, assetId));
  const file = asset
    ? Object.values(asset.files).find((entry) => entry.name === fileName)
    : undefined;
  return asset && file ? { asset, file, key: `${asset.storagePrefix}/${file.name}` } : null;
}

/**
 * A storyfile's videos with signed URLs for `userId`, and the uploads onto it of the last day that
 * have not become videos (still arriving, processing, or failed with their reason).
 */
export async function listStoryfileVideos(
  db: Database,
  signer: MediaUrlSigner,
  storyfileId: string,
  userId: string,
): Promise<StoryfileVideos> {
  const assets = await db
    .select({ asset: mediaAssets, filename: uploads.filename })
    .from(mediaAssets)
    .innerJoin(uploads, eq(uploads.id, mediaAssets.uploadId))
    .where(eq(mediaAssets.storyfileId, storyfileId))
    .orderBy(asc(mediaAssets.createdAt));
  const now = Date.now();
  const videos = assets.map(({ asset, filename }) => {
    const urlOf = (file: MediaAssetFile) =>
      signer.createUrl({ assetId: asset.id, file: file.name, userId }, now);
    const video = urlOf(asset.files.video);
    return {
      id: asset.id,
      uploadId: asset.uploadId,
      questionId: asset.storyfileQuestionId,
      clipKind: asset.clipKind,
      durationMs: asset.durationMs,
      width: asset.width,
      height: asset.height,
      sizeBytes: asset.files.video.sizeBytes,
      filename,
      createdAt: asset.createdAt.toISOString(),
      videoUrl: video.url,
      posterUrl: urlOf(asset.files.poster).url,
      audioUrl: urlOf(asset.files.audio).url,
      captionsUrl: asset.files.captions ? urlOf(asset.files.captions).url : null,
      urlsExpireAt: video.expiresAt.toISOString(),
    };
  });
  const since = new Date(now - RECENT_UPLOADS_HOURS * 3600 * 1000);
  const pending = await db
    .select()
    .from(uploads)
    .leftJoin(mediaAssets, eq(mediaAssets.uploadId, uploads.id))
    .where(
      and(
        eq(uploads.storyfileId, storyfileId),
        gte(uploads.createdAt, since),
        inArray(uploads.phase, ['uploading', 'processing', 'failed']),
        isNull(mediaAssets.id),
      ),
    )
    .orderBy(desc(uploads.createdAt));
  return {
    videos,
    pendingUploads: pending.map(({ uploads: upload }) => ({
      uploadId: upload.id,
      questionId: upload.storyfileQuestionId,
      clipKind: upload.clipKind,
      phase: upload.phase,
      ...presentUploadStatus(upload),
      filename: upload.filename,
      createdAt: upload.createdAt.toISOString(),
    })),
  };
}

/** Deletes a video of the storyfile; its files go once the row is gone. */
export async function deleteStoryfileVideo(
  db: Database,
  mediaStore: MediaStore,
  storyfileId: string,
  videoId: string,
): Promise<{ id: string }> {
  const deleted = await db.transaction(async (tx) => {
    const [asset] = await tx
      .delete(mediaAssets)
      .where(and(eq(mediaAssets.id, videoId), eq(mediaAssets.storyfileId, storyfileId)))
      .returning();
    if (asset) {
      await setVideoRecordedAt(
        tx,
        { storyfileId, questionId: asset.storyfileQuestionId, clipKind: asset.clipKind },
        null,
      );
    }
    return asset;
  });
  if (!deleted) {
    throw notFound(VIDEO_NOT_FOUND_MESSAGE);
  }
  await mediaStore.deletePrefix(deleted.storagePrefix).catch(() => undefined);
  return { id: deleted.id };
}

/** Folder names under `videos/` that no asset row refers to (candidates for the sweep). */
export async function findUnreferencedVideoFolders(
  db: Database,
  folderNames: string[],
): Promise<string[]> {
  if (folderNames.length === 0) {
    return [];
  }
  const prefixes = folderNames.map(getVideoStoragePrefix);
  const rows = await db
    .select({ storagePrefix: mediaAssets.storagePrefix })
    .from(mediaAssets)
    .where(inArray(mediaAssets.storagePrefix, prefixes));
  const referenced = new Set(rows.map((row) => row.storagePrefix));
  return folderNames.filter((name) => !referenced.has(getVideoStoragePrefix(name)));
}
