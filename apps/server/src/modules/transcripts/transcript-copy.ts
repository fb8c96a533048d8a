import type { CaptionCue, HeardWord, TranscriptSource } from '@conversa/contracts';
import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Executor } from '../lists/index.ts';
import { joinCueTexts } from './cues.ts';
import { videoTranscripts } from './transcripts.tables.ts';

/**
 * What a package or a duplicate carries of a video's transcript besides its captions file: whether
 * it is still the machine's draft or an author's words, where it came from, its cues, and the
 * recognizer's heard words (what re-timing a later edit aligns against).
 */
export interface TranscriptCopy {
  status: 'draft' | 'edited';
  source: TranscriptSource | null;
  engine: string | null;
  cues: CaptionCue[];
  words: HeardWord[];
  /** An author approved the draft as it is (issue 52): it stays reviewed where it goes. */
  isApproved?: boolean;
}

/** The transcripts worth carrying of these videos (drafts and edited ones), by asset id. */
export async function readTranscriptCopies(
  db: Database,
  assetIds: readonly string[],
): Promise<Map<string, TranscriptCopy>> {
  if (assetIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select()
    .from(videoTranscripts)
    .where(
      and(
        inArray(videoTranscripts.assetId, [...assetIds]),
        inArray(videoTranscripts.status, ['draft', 'edited']),
      ),
    );
  return new Map(
    rows.map((row) => [
      row.assetId,
      {
        status: row.status as TranscriptCopy['status'],
        source: row.source,
        engine: row.engine,
        cues: row.cues,
        words: row.words,
        ...(row.approvedAt ? { isApproved: true } : {}),
      },
    ]),
  );
}

/**
 * Records carried transcripts in the caller's transaction (an import or a duplicate), at revision
 * 1, with the status they had: an author's words stay the author's, and no draft job is queued for
 * these videos (the recovery round drafts only videos without a row).
 */
export async function insertTranscriptCopies(
  tx: Executor,
  storyfileId: string,
  copies: ReadonlyArray<{ assetId: string; transcript: TranscriptCopy }>,
): Promise<void> {
  if (copies.length === 0) {
    return;
  }
  await tx.insert(videoTranscripts).values(
    copies.map(({ assetId, transcript }) => ({
      assetId,
      storyfileId,
      status: transcript.status,
      source: transcript.source,
      engine: transcript.engine,
      text: joinCueTexts(transcript.cues),
      cues: transcript.cues,
      words: transcript.words,
      revision: 1,
      approvedAt: transcript.isApproved ? new Date() : null,
    })),
  );
}
