import { sql } from 'drizzle-orm';
import type { ClipKind } from '@conversa/contracts';
import type { Executor } from '../lists/index.ts';
import { uploads } from './uploads.tables.ts';

/** A processed video brought by a package import or a duplicate, recorded as a finished upload. */
export interface ReadyUploadCopy {
  id: string;
  userId: string;
  storyfileId: string;
  questionId: string | null;
  clipKind: ClipKind | null;
  filename: string;
  filetype: string;
  sizeBytes: number;
}

/**
 * Records a copied video as processing would leave its upload (kind answer or clip, phase ready),
 * in the caller's transaction (issue 31).
 */
export async function insertReadyUploadCopy(tx: Executor, copy: ReadyUploadCopy): Promise<void> {
  await tx.insert(uploads).values({
    id: copy.id,
    tusId: copy.id,
    kind: copy.questionId ? 'answer' : 'clip',
    userId: copy.userId,
    storyfileId: copy.storyfileId,
    storyfileQuestionId: copy.questionId,
    clipKind: copy.clipKind,
    filename: copy.filename,
    filetype: copy.filetype,
    sizeBytes: copy.sizeBytes,
    phase: 'ready',
    uploadedAt: sql`now()`,
    processedAt: sql`now()`,
  });
}
