import type { SQL } from 'drizzle-orm';
import type { HeardAsRule } from '@conversa/contracts';
import type { Category } from '@conversa/matching';
import type { Database } from '../../db/client.ts';

/**
 * What a storyfile's matcher folds of training's vocabulary (training provides it as
 * `storyfileVocabulary`, handed in by the assembly: training sits above the conversation engine).
 */
export interface StoryfileVocabulary {
  /**
   * SQL expressions, each a text that changes whenever the vocabulary the storyfile's matcher
   * folds changes (`count:last edit`), read in the matcher's stamp query.
   */
  stampParts(storyfileId: string): SQL[];
  /** The namespace's custom categories and the storyfile's own, in a stable order. */
  loadCategories(db: Database, storyfileId: string): Promise<Category[]>;
  /** The namespace's custom words' "heard as" rules, applied to spoken questions first. */
  loadHeardAsRules(db: Database, storyfileId: string): Promise<HeardAsRule[]>;
}
