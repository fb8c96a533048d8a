import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { InkConversationSource } from '../ink/index.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { chatLogEntryColumns, presentChatLogEntry } from './chat-log-columns.ts';
import { chatLogEntries, conversations } from './conversations.tables.ts';

/** What View Inky States (ink) reads of conversations, handed to it by the assembly. */
export const inkConversationSource: InkConversationSource = {
  savedInkConversations: sql`(select id, storyfile_id, channel, started_at, last_at, state
    from ${conversations} where state ? 'ink')`,

  async listInkExchanges(db, conversationId) {
    const exchanges = await db
      .select(chatLogEntryColumns)
      .from(chatLogEntries)
      .innerJoin(storyfiles, eq(storyfiles.id, chatLogEntries.storyfileId))
      .where(
        and(eq(chatLogEntries.conversationId, conversationId), isNotNull(chatLogEntries.inkTurn)),
      )
      .orderBy(asc(chatLogEntries.createdAt), asc(chatLogEntries.id));
    return exchanges.map(presentChatLogEntry);
  },
};
