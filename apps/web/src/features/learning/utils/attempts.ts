import type { TranscriptEntry } from '@conversa/contracts';

/** One attempt at an activity: a conversation with one storyfile, and its exchanges in order. */
export interface Attempt {
  conversationId: string;
  startedAt: string;
  storyfileId: string;
  storyfileName: string;
  entries: TranscriptEntry[];
}

const compareTimes = (a: string, b: string) => Date.parse(a) - Date.parse(b);

/**
 * A transcript by attempt: oldest attempt first (by when its conversation began, which may be
 * before its first question), each attempt's exchanges in the order they were asked.
 */
export function groupTranscriptByAttempt(entries: readonly TranscriptEntry[]): Attempt[] {
  const attempts = new Map<string, Attempt>();
  for (const entry of entries) {
    const attempt = attempts.get(entry.conversationId);
    if (attempt) {
      attempt.entries.push(entry);
    } else {
      attempts.set(entry.conversationId, {
        conversationId: entry.conversationId,
        startedAt: entry.conversationStartedAt,
        storyfileId: entry.storyfileId,
        storyfileName: entry.storyfileName,
        entries: [entry],
      });
    }
  }
  const ordered = [...attempts.values()].sort(
    (a, b) =>
      compareTimes(a.startedAt, b.startedAt) || a.conversationId.localeCompare(b.conversationId),
  );
  for (const attempt of ordered) {
    attempt.entries.sort(
      (a, b) => compareTimes(a.createdAt, b.createdAt) || a.id.localeCompare(b.id),
    );
  }
  return ordered;
}
