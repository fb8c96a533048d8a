import { rm } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import {
  AVATAR_CONTENT_TYPES,
  UPLOAD_REJECTION_MESSAGES,
  type AvatarResourceType,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { avatars } from './avatars.tables.ts';
import type { MediaStore } from '../../media/media-store.ts';
import {
  markUploadFailed,
  markUploadReady,
  UploadRejectedError,
  type UploadRow,
  type UploadStorage,
} from '../uploads/index.ts';

export type AvatarRow = typeof avatars.$inferSelect;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** Bytes `detectAvatarType` needs from the start of a file. */
export const AVATAR_SIGNATURE_BYTES = PNG_SIGNATURE.length;

/** The image type by the file's first bytes (spec §5 png or jpeg, checked by content). */
export function detectAvatarType(head: Buffer): 'png' | 'jpeg' | null {
  if (head.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    return 'png';
  }
  if (head.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) {
    return 'jpeg';
  }
  return null;
}

/**
 * Takes a finished avatar upload into the media store and makes it the resource's avatar. A file
 * that is not a png or jpeg by content is refused and deleted (the client then shows the spec's
 * avatar failure message).
 */
export async function storeAvatarFromUpload(
  deps: { db: Database; storage: UploadStorage; mediaStore: MediaStore },
  upload: UploadRow,
): Promise<void> {
  const { db, storage, mediaStore } = deps;
  const type = detectAvatarType(await storage.readHead(upload.tusId, AVATAR_SIGNATURE_BYTES));
  if (!type || !upload.resourceType || !upload.resourceId) {
    await storage.remove(upload.tusId);
    await markUploadFailed(db, upload.id, UPLOAD_REJECTION_MESSAGES.avatarContent);
    throw new UploadRejectedError(415, UPLOAD_REJECTION_MESSAGES.avatarContent);
  }
  const contentType = AVATAR_CONTENT_TYPES[type];
  // Keyed by upload id (hex the server made), never by the resource id a client sent.
  const key = `avatars/${upload.id}.${type === 'png' ? 'png' : 'jpg'}`;
  const workDir = await mediaStore.createStagingDir();
  try {
    const local = await storage.takeLocalFile(upload.tusId, workDir);
    await mediaStore.publishFile(local, key, contentType);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  const previousKey = await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ storageKey: avatars.storageKey })
      .from(avatars)
      .where(
        and(
          eq(avatars.resourceType, upload.resourceType!),
          eq(avatars.resourceId, upload.resourceId!),
        ),
      )
      .for('update');
    const values = {
      storageKey: key,
      contentType,
      sizeBytes: upload.sizeBytes ?? 0,
      uploadId: upload.id,
      updatedBy: upload.userId,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(avatars)
      .values({ resourceType: upload.resourceType!, resourceId: upload.resourceId!, ...values })
      .onConflictDoUpdate({ target: [avatars.resourceType, avatars.resourceId], set: values });
    await markUploadReady(tx, upload.id);
    return previous?.storageKey;
  });
  if (previousKey && previousKey !== key) {
    await mediaStore.deleteKey(previousKey).catch(() => undefined);
  }
}

export async function findAvatar(
  db: Database,
  resourceType: AvatarResourceType,
  resourceId: string,
): Promise<AvatarRow | undefined> {
  const [row] = await db
    .select()
    .from(avatars)
    .where(and(eq(avatars.resourceType, resourceType), eq(avatars.resourceId, resourceId)));
  return row;
}
