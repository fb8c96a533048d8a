import type { CreateFeedbackBody } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { feedback } from './feedback.tables.ts';

/** Browsers send long agent strings; past this nothing useful for a bug report is left. */
const USER_AGENT_MAX_LENGTH = 500;

export type FeedbackRow = typeof feedback.$inferSelect;

/** Stores one submission; the user id comes from the session, never from the body. */
export async function createFeedback(
  db: Database,
  input: CreateFeedbackBody & { userId: string | null; userAgent: string | undefined },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(feedback)
    .values({
      userId: input.userId,
      kind: input.kind,
      message: input.message,
      pageUrl: input.pageUrl,
      replyEmail: input.email ?? null,
      userAgent: input.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    })
    .returning({ id: feedback.id });
  return { id: row!.id };
}
