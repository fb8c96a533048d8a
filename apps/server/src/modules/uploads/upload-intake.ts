import {
  AVATAR_MAX_BYTES,
  avatarResourceTypeSchema,
  clipKindSchema,
  isAcceptedAvatarType,
  isAcceptedVideoFile,
  PACKAGE_UPLOAD_KIND,
  UPLOAD_METADATA_KEYS,
  UPLOAD_REJECTION_MESSAGES,
  type CurrentUser,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { uploads } from './uploads.tables.ts';
import { checkTrialAllows, type TrialDecision, type TrialUsage } from '../promo-codes/index.ts';
import {
  canEditStoryfileTarget,
  canSetAvatar,
  type AccessDecision,
  type StoryfileNamespaceLookup,
} from './upload-access.ts';
import { toUploadId, type NewUploadRow } from './upload-rows.ts';

/** Refuses an upload; the tus endpoint answers with the status and the message as its body. */
export class UploadRejectedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRejectedError';
  }
}

function rejectUnless(decision: AccessDecision): void {
  if (!decision.ok) {
    throw new UploadRejectedError(decision.status, decision.message);
  }
}

/** A running trial's refusal past its recorded-answer limit (ended trials: the gateway's guard). */
function rejectUnlessTrialAllows(decision: TrialDecision): void {
  if (!decision.ok) {
    throw new UploadRejectedError(403, decision.message);
  }
}

type Metadata = Record<string, string | null | undefined>;

const text = (metadata: Metadata, key: string): string | undefined => {
  const value = metadata[key]?.trim();
  return value ? value.slice(0, 500) : undefined;
};

/**
 * Reads and authorizes the metadata of a new upload, or throws UploadRejectedError. Returns the
 * row to record and the metadata to keep (without any `authorization` value: tokens are never
 * stored with an upload).
 */
export async function prepareUpload(
  deps: {
    db: Database;
    lookup: StoryfileNamespaceLookup | null;
    maxBytes: number;
    trialUsage: TrialUsage;
  },
  user: CurrentUser,
  input: { tusId: string; sizeBytes: number | undefined; metadata: Metadata },
): Promise<{ row: NewUploadRow; metadata: Record<string, string> }> {
  const { metadata } = input;
  const keep = Object.fromEntries(
    Object.entries(metadata).flatMap(([key, value]) =>
      key.toLowerCase() === 'authorization' || value == null ? [] : [[key, value]],
    ),
  );
  const storyfileId = text(metadata, UPLOAD_METADATA_KEYS.storyfileId);
  const resourceType = text(metadata, UPLOAD_METADATA_KEYS.resourceType);
  const filename = text(metadata, UPLOAD_METADATA_KEYS.filename) ?? null;
  const filetype = text(metadata, UPLOAD_METADATA_KEYS.filetype) ?? null;
  if (storyfileId && resourceType) {
    throw new UploadRejectedError(400, UPLOAD_REJECTION_MESSAGES.bothTargets);
  }
  const base = {
    id: toUploadId(input.tusId),
    tusId: input.tusId,
    userId: user.iam,
    filename,
    filetype,
    sizeBytes: input.sizeBytes ?? null,
  };

  // A storyfile package to import (issue 31): kept as uploaded; the namespace is chosen later,
  // and the import checks the caller's role there.
  if (text(metadata, UPLOAD_METADATA_KEYS.uploadKind) === PACKAGE_UPLOAD_KIND) {
    if (storyfileId || resourceType) {
      throw new UploadRejectedError(400, UPLOAD_REJECTION_MESSAGES.bothTargets);
    }
    const isZip =
      (filename ?? '').toLowerCase().endsWith('.zip') ||
      ['application/zip', 'application/x-zip-compressed'].includes(
        (filetype ?? '').split(';')[0]!.trim().toLowerCase(),
      );
    if (!isZip) {
      throw new UploadRejectedError(415, UPLOAD_REJECTION_MESSAGES.packageType);
    }
    if (input.sizeBytes !== undefined && input.sizeBytes > deps.maxBytes) {
      throw new UploadRejectedError(413, UPLOAD_REJECTION_MESSAGES.tooLarge);
    }
    return { row: { ...base, kind: 'package' }, metadata: keep };
  }

  if (resourceType) {
    const type = avatarResourceTypeSchema.safeParse(resourceType);
    const resourceId = text(metadata, UPLOAD_METADATA_KEYS.resourceId);
    if (!type.success) {
      throw new UploadRejectedError(400, UPLOAD_REJECTION_MESSAGES.unknownResourceType);
    }
    if (!resourceId) {
      throw new UploadRejectedError(400, UPLOAD_REJECTION_MESSAGES.noTarget);
    }
    if (!isAcceptedAvatarType(filetype)) {
      throw new UploadRejectedError(415, UPLOAD_REJECTION_MESSAGES.avatarType);
    }
    if (input.sizeBytes !== undefined && input.sizeBytes > AVATAR_MAX_BYTES) {
      throw new UploadRejectedError(413, UPLOAD_REJECTION_MESSAGES.tooLarge);
    }
    rejectUnless(await canSetAvatar(deps.db, user, type.data, resourceId, deps.lookup));
    return {
      row: { ...base, kind: 'avatar', resourceType: type.data, resourceId },
      metadata: keep,
    };
  }

  if (!storyfileId) {
    throw new UploadRejectedError(400, UPLOAD_REJECTION_MESSAGES.noTarget);
  }
  const questionId = text(metadata, UPLOAD_METADATA_KEYS.questionId);
  const clipKindText = text(metadata, UPLOAD_METADATA_KEYS.clipKind);
  if (Boolean(questionId) === Boolean(clipKindText)) {
    throw new UploadRejectedError(400, UPLOAD_REJECTION_MESSAGES.noTarget);
  }
  if (!isAcceptedVideoFile(filetype, filename)) {
    throw new UploadRejectedError(415, UPLOAD_REJECTION_MESSAGES.videoType);
  }
  if (input.sizeBytes !== undefined && input.sizeBytes > deps.maxBytes) {
    throw new UploadRejectedError(413, UPLOAD_REJECTION_MESSAGES.tooLarge);
  }
  if (clipKindText) {
    const clipKind = clipKindSchema.safeParse(clipKindText);
    if (!clipKind.success) {
      throw new UploadRejectedError(404, UPLOAD_REJECTION_MESSAGES.unknownClipKind);
    }
    rejectUnless(
      await canEditStoryfileTarget(
        deps.db,
        user,
        { storyfileId, target: { clipKind: clipKind.data } },
        deps.lookup,
      ),
    );
    return {
      row: { ...base, kind: 'clip', storyfileId, clipKind: clipKind.data },
      metadata: keep,
    };
  }
  rejectUnless(
    await canEditStoryfileTarget(
      deps.db,
      user,
      { storyfileId, target: { questionId: questionId! } },
      deps.lookup,
    ),
  );
  rejectUnlessTrialAllows(
    await checkTrialAllows(deps.db, deps.trialUsage, {
      kind: 'answer',
      storyfileId,
      questionId: questionId!,
    }),
  );
  return {
    row: { ...base, kind: 'answer', storyfileId, storyfileQuestionId: questionId! },
    metadata: keep,
  };
}

/**
 * Records a new upload. An answer video is counted against a trial's recorded-answer limit again
 * here, with the trial locked and in the insert's transaction: an upload in flight counts, so two
 * parallel uploads cannot both take the last recorded answer.
 */
export async function recordUpload(
  db: Database,
  trialUsage: TrialUsage,
  row: NewUploadRow,
): Promise<void> {
  if (row.kind !== 'answer') {
    await db.insert(uploads).values(row);
    return;
  }
  await db.transaction(async (tx) => {
    rejectUnlessTrialAllows(
      await checkTrialAllows(
        tx,
        trialUsage,
        { kind: 'answer', storyfileId: row.storyfileId!, questionId: row.storyfileQuestionId! },
        { lock: true },
      ),
    );
    await tx.insert(uploads).values(row);
  });
}
