import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { ChatLogEntry, ChatOutcome } from '@conversa/contracts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { chatLogEntries } from './conversations.tables.ts';

/**
 * What every list of logged exchanges shows of one (chat logs, a transcript, View Inky States,
 * Response quality): the one column list, for the query builder, over `chat_log_entries` joined to
 * `storyfiles` for the storyfile's name.
 */
export const chatLogEntryColumns = {
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
  clarification: chatLogEntries.clarification,
  suggestions: chatLogEntries.suggestions,
  chosenFromExchangeId: chatLogEntries.chosenFromExchangeId,
  feedback: chatLogEntries.feedback,
  createdAt: chatLogEntries.createdAt,
} satisfies Record<keyof ChatLogEntry, Column>;

/** A row of `chatLogEntryColumns` as the database gives it. */
export type ChatLogEntryRow = Omit<ChatLogEntry, 'createdAt'> & { createdAt: Date };

/** The same column list for a SQL template whose exchange and storyfile tables carry aliases. */
export function selectChatLogEntryColumns(aliases: { entry: string; storyfile: string }): SQL {
  const storyfilesName = getTableName(storyfiles);
  return sql.join(
    Object.entries(chatLogEntryColumns).map(([key, column]: [string, Column]) => {
      const alias =
        getTableName(column.table) === storyfilesName ? aliases.storyfile : aliases.entry;
      return sql`${sql.identifier(alias)}.${sql.identifier(column.name)} as ${sql.identifier(key)}`;
    }),
    sql`, `,
  );
}

/** A logged exchange as the API answers it. */
export function presentChatLogEntry(row: ChatLogEntryRow): ChatLogEntry {
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}

/**
 * The exchanges of one outcome (`outcomeOf` in SQL): `asked-back` is a fallback that offered
 * "Did you mean…?", `fallback` every other. `table` names the exchanges' alias in a SQL template;
 * without it, the table's own columns.
 */
export function outcomeCondition(outcome: ChatOutcome, table?: string): SQL {
  const column = (key: 'decision' | 'clarification') =>
    table === undefined
      ? sql`${chatLogEntries[key]}`
      : sql`${sql.identifier(table)}.${sql.identifier(chatLogEntries[key].name)}`;
  if (outcome === 'answered') {
    return sql`${column('decision')} = 'answered'`;
  }
  const askedBack = sql`${column('clarification')} is not distinct from 'did-you-mean'`;
  return outcome === 'asked-back'
    ? sql`(${column('decision')} = 'fallback' and ${askedBack})`
    : sql`(${column('decision')} = 'fallback' and not (${askedBack}))`;
}
