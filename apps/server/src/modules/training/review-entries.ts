import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { REVIEW_ENTRIES_NOT_FOUND_MESSAGE } from '@conversa/contracts';
import { normalizeText } from '@conversa/matching';
import { chatLogEntries } from '../conversations/conversations.tables.ts';
import { badRequest } from '../../http/errors.ts';
import type { Executor } from '../lists/index.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';

export interface ReviewEntry {
  id: string;
  questionText: string;
  normalizedText: string;
}

/** The chosen exchanges, all of this storyfile; any other id is a 400 (nothing is half-done). */
export async function loadEntries(
  db: Executor,
  storyfileId: string,
  entryIds: readonly string[],
): Promise<ReviewEntry[]> {
  const unique = [...new Set(entryIds)];
  const rows = await db
    .select({
      id: chatLogEntries.id,
      questionText: chatLogEntries.questionText,
      normalizedText: chatLogEntries.normalizedText,
    })
    .from(chatLogEntries)
    .where(and(eq(chatLogEntries.storyfileId, storyfileId), inArray(chatLogEntries.id, unique)))
    .orderBy(asc(chatLogEntries.createdAt));
  if (rows.length !== unique.length) {
    throw badRequest(REVIEW_ENTRIES_NOT_FOUND_MESSAGE);
  }
  return rows.map((row) => ({
    ...row,
    normalizedText: row.normalizedText || normalizeText(row.questionText),
  }));
}

/** Distinct phrasings of the exchanges (by the matcher's normalisation), first asked first. */
export function getDistinctPhrasings(
  entries: readonly ReviewEntry[],
): { text: string; key: string }[] {
  const seen = new Map<string, string>();
  for (const entry of entries) {
    if (entry.normalizedText !== '' && !seen.has(entry.normalizedText)) {
      seen.set(entry.normalizedText, entry.questionText.trim());
    }
  }
  return [...seen].map(([key, text]) => ({ key, text }));
}

/** Serialises review changes of one storyfile (apply and undo). */
export async function lockStoryfile(tx: Executor, storyfileId: string): Promise<void> {
  await tx.execute(sql`select id from ${storyfiles} where id = ${storyfileId} for update`);
}
