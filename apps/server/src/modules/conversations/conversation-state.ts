import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { InkSession } from '../ink/index.ts';
import type { AskInput } from './ask.types.ts';
import { conversations } from './conversations.tables.ts';

/**
 * The one ownership check of a conversation: the asker continues it only for the same storyfile,
 * channel and visitor; another one's conversation is never continued (a new one starts).
 */
export function askersConversation(input: AskInput & { conversationId: string }): SQL {
  return and(
    eq(conversations.id, input.conversationId),
    eq(conversations.storyfileId, input.storyfileId),
    eq(conversations.channel, input.channel),
    eq(conversations.visitorKey, input.visitorKey),
  )!;
}

/**
 * Continues the asker's conversation or starts one, with no exchange logged (opening a story). Another
 * storyfile's, channel's or visitor's conversation is never continued: a new one starts.
 */
export async function openConversation(db: Database, input: AskInput): Promise<string> {
  if (input.conversationId) {
    const [continued] = await db
      .update(conversations)
      .set({ lastAt: sql`now()` })
      .where(askersConversation({ ...input, conversationId: input.conversationId }))
      .returning({ id: conversations.id });
    if (continued) {
      return continued.id;
    }
  }
  const [created] = await db
    .insert(conversations)
    .values({
      storyfileId: input.storyfileId,
      channel: input.channel,
      visitorKey: input.visitorKey,
    })
    .returning({ id: conversations.id });
  return created!.id;
}

/** Whether the asker may continue this conversation (same storyfile, channel and visitor). */
export async function canContinueConversation(
  db: Database,
  input: AskInput & { conversationId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(askersConversation(input));
  return row !== undefined;
}

/** The saved state of a conversation this asker may continue, or null. */
export async function readConversationState(
  db: Database,
  input: AskInput,
): Promise<Record<string, unknown> | null> {
  if (!input.conversationId) {
    return null;
  }
  const [row] = await db
    .select({ state: conversations.state })
    .from(conversations)
    .where(askersConversation({ ...input, conversationId: input.conversationId }));
  return row?.state ?? null;
}

export async function saveInkState(db: Database, conversationId: string, session: InkSession) {
  await db
    .update(conversations)
    .set({
      state: sql`${conversations.state} || jsonb_build_object('ink', ${JSON.stringify(session.toSaved())}::jsonb)`,
    })
    .where(eq(conversations.id, conversationId));
}
