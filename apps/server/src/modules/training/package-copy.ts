import { normalizeText } from '@conversa/matching';
import { sql } from 'drizzle-orm';
import type { Executor } from '../lists/index.ts';

export interface VocabularyCopy {
  namespaceId: string;
  storyfileId: string;
  userId: string;
  categories: Array<{ name: string; scope: 'namespace' | 'storyfile'; phrases: string[] }>;
  words: Array<{ term: string; displayForm: string | null; heardAs: string[] }>;
}

/**
 * Adds a storyfile's vocabulary (issue 31) in the caller's transaction. A namespace category whose
 * name the namespace already uses becomes the storyfile's own category instead (the matcher folds
 * both, so the storyfile answers as before); a custom word whose term the namespace already has
 * is left as the namespace has it. Returns how many of each were created.
 */
export async function insertVocabularyCopy(
  tx: Executor,
  copy: VocabularyCopy,
): Promise<{ categories: number; words: number }> {
  let categories = 0;
  let words = 0;
  for (const category of copy.categories) {
    const seen = new Set<string>();
    const phrases: string[] = [];
    for (const phrase of category.phrases) {
      const key = normalizeText(phrase);
      if (key !== '' && !seen.has(key)) {
        seen.add(key);
        phrases.push(phrase.trim());
      }
    }
    if (phrases.length === 0) {
      continue;
    }
    const normalized = [...seen];
    let storyfileId: string | null;
    if (category.scope === 'namespace') {
      const taken = await tx.execute(
        sql`select 1 from custom_categories where namespace_id = ${copy.namespaceId}
          and storyfile_id is null and lower(name) = lower(${category.name})`,
      );
      storyfileId = taken.rows.length > 0 ? copy.storyfileId : null;
    } else {
      storyfileId = copy.storyfileId;
    }
    const inserted = await tx.execute(
      sql`insert into custom_categories (namespace_id, storyfile_id, name, phrases, normalized_phrases, created_by, updated_by)
        values (${copy.namespaceId}, ${storyfileId}, ${category.name},
          ${sql.param(phrases)}::text[], ${sql.param(normalized)}::text[], ${copy.userId}, ${copy.userId})
        on conflict do nothing returning id`,
    );
    categories += inserted.rows.length;
  }
  for (const word of copy.words) {
    const inserted = await tx.execute(
      sql`insert into custom_words (namespace_id, term, display_form, heard_as, created_by, updated_by)
        values (${copy.namespaceId}, ${word.term}, ${word.displayForm || null},
          ${sql.param(word.heardAs)}::text[], ${copy.userId}, ${copy.userId})
        on conflict do nothing returning id`,
    );
    words += inserted.rows.length;
  }
  return { categories, words };
}
