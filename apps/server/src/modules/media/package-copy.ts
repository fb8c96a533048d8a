import { randomBytes } from 'node:crypto';
import type { ClipKind, MediaFiles } from '@conversa/contracts';
import type { Executor } from '../lists/index.ts';
import { insertReadyUploadCopy } from '../uploads/index.ts';
import { mediaAssets, type MediaAssetFile } from './media.tables.ts';
import { getVideoStoragePrefix } from './media.service.ts';

/** A processed video brought by a package import or a duplicate (issue 31). */
export interface VideoCopy {
  target: { questionId: string } | { clipKind: ClipKind };
  files: MediaFiles<MediaAssetFile>;
  durationMs: number;
  width: number;
  height: number;
}

/**
 * A fresh upload id (the shape of tus ids) and its media folder, for a copied video: the caller
 * stages the files for `storagePrefix` and publishes them once its transaction commits.
 */
export function newVideoCopyLocation(): { uploadId: string; storagePrefix: string } {
  const uploadId = randomBytes(16).toString('hex');
  return { uploadId, storagePrefix: getVideoStoragePrefix(uploadId) };
}

/**
 * Records copied videos in the caller's transaction: each a finished upload (kind answer or
 * clip, phase ready, as processing would leave it) and its media asset at `storagePrefix`.
 * Answers the new assets' ids, in the order of `videos`.
 */
export async function insertVideoCopies(
  tx: Executor,
  input: {
    storyfileId: string;
    userId: string;
    videos: Array<VideoCopy & { uploadId: string; storagePrefix: string }>;
  },
): Promise<string[]> {
  const assetIds: string[] = [];
  for (const video of input.videos) {
    const questionId = 'questionId' in video.target ? video.target.questionId : null;
    const clipKind = 'clipKind' in video.target ? video.target.clipKind : null;
    await insertReadyUploadCopy(tx, {
      id: video.uploadId,
      userId: input.userId,
      storyfileId: input.storyfileId,
      questionId,
      clipKind,
      filename: video.files.video.name,
      filetype: video.files.video.contentType,
      sizeBytes: video.files.video.sizeBytes,
    });
    const [asset] = await tx
      .insert(mediaAssets)
      .values({
        uploadId: video.uploadId,
        storyfileId: input.storyfileId,
        storyfileQuestionId: questionId,
        clipKind,
        storagePrefix: video.storagePrefix,
        files: video.files,
        durationMs: video.durationMs,
        width: video.width,
        height: video.height,
        createdBy: input.userId,
      })
      .returning({ id: mediaAssets.id });
    assetIds.push(asset!.id);
  }
  return assetIds;
}
