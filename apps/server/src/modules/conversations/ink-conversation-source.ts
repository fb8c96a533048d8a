import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { InkConversationSource } from '../ink/index.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { chatLogEntries, conversations } from './conversations.tables.ts';

/** What View Inky States (ink) reads of conversations, handed to it by the assembly. */
export const inkConversationSource: InkConversationSource = {
  savedInkConversations: sql`(select id, storyfile_id, channel, started_at, last_at, state
    from ${conversations} where state ? 'ink')`,

  async listInkExchanges(db, conversationId) {
    const exchanges = await db
      .select({
        id: chatLogEntries.id,
        conversationId: chatLogEntries.conversationId,
        storyfileId: chatLogEntries.storyfileId,
        storyfileName: storyfiles.name,
        channel: chatLogEntries.channel,
        questionText: chatLogEntries.questionText,
        inputMode: chatLogEntries.inputMode,
        decision: chatLogEntries.decision,
        fallbackReason: chatLogEntries.fallbackReason,
        answerQuestionId: chatLogEntries.answerQuestionId,
        answerQuestionText: chatLogEntries.answerQuestionText,
        matchedQuestionId: chatLogEntries.matchedQuestionId,
        matchedQuestionText: chatLogEntries.matchedQuestionText,
        score: chatLogEntries.score,
        confidence: chatLogEntries.confidence,
        inkTurn: chatLogEntries.inkTurn,
        inkChoiceText: chatLogEntries.inkChoiceText,
        createdAt: chatLogEntries.createdAt,
      })
      .from(chatLogEntries)
      .innerJoin(storyfiles, eq(storyfiles.id, chatLogEntries.storyfileId))
      .where(
        and(eq(chatLogEntries.conversationId, conversationId), isNotNull(chatLogEntries.inkTurn)),
      )
      .orderBy(asc(chatLogEntries.createdAt), asc(chatLogEntries.id));
    return exchanges.map((exchange) => ({
      ...exchange,
      createdAt: exchange.createdAt.toISOString(),
    }));
  },
};
