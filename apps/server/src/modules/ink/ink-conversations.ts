import type { SQL } from 'drizzle-orm';
import type { ChatLogEntry } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';

/**
 * What View Inky States reads of the conversations module's data. Conversations sit above ink (the
 * engine runs ink stories), so ink cannot import them: the assembly hands this in, and
 * conversations provides it (`inkConversationSource`).
 */
export interface InkConversationSource {
  /**
   * The conversations that saved an ink state, as a relation for a `from` clause: `id`,
   * `storyfile_id`, `channel`, `started_at`, `last_at` and `state` (whose `ink` key holds it).
   */
  savedInkConversations: SQL;
  /** The exchanges one conversation logged for its ink turns, oldest first. */
  listInkExchanges(db: Database, conversationId: string): Promise<ChatLogEntry[]>;
}
