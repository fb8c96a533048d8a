import { sql } from 'drizzle-orm';
import type { StoryfileVocabulary } from '../conversations/index.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { customCategories, customWords } from './training.tables.ts';

/**
 * The namespace's custom categories and the storyfile's own additions, in a stable order: what the
 * storyfile's matcher folds (clustering folds the same).
 */
export const loadStoryfileCategories: StoryfileVocabulary['loadCategories'] = async (
  db,
  storyfileId,
) => {
  const result = await db.execute<{ id: string; name: string; phrases: string[] }>(sql`
    select c.id, c.name, c.phrases from ${customCategories} c
    join ${storyfiles} s on s.namespace_id = c.namespace_id
    where s.id = ${storyfileId} and (c.storyfile_id is null or c.storyfile_id = s.id)
    order by c.id`);
  return result.rows;
};

/**
 * What the conversation engine's matchers read of training's vocabulary (handed to it by the
 * assembly): the custom categories they fold and the custom words' "heard as" rules.
 */
export const storyfileVocabulary: StoryfileVocabulary = {
  stampParts: (storyfileId) => [
    sql`(select count(*) || ':' || coalesce(max(c.updated_at)::text, '')
         from ${customCategories} c join ${storyfiles} s on s.namespace_id = c.namespace_id
         where s.id = ${storyfileId} and (c.storyfile_id is null or c.storyfile_id = s.id))`,
    sql`(select count(*) || ':' || coalesce(max(w.updated_at)::text, '')
         from ${customWords} w join ${storyfiles} s on s.namespace_id = w.namespace_id
         where s.id = ${storyfileId})`,
  ],

  loadCategories: loadStoryfileCategories,

  async loadHeardAsRules(db, storyfileId) {
    const result = await db.execute<{ heard_as: string; replacement: string }>(sql`
      select h as heard_as, coalesce(nullif(w.display_form, ''), w.term) as replacement
      from ${customWords} w join ${storyfiles} s on s.namespace_id = w.namespace_id,
        unnest(w.heard_as) h
      where s.id = ${storyfileId}`);
    return result.rows.map((row) => ({ heardAs: row.heard_as, replacement: row.replacement }));
  },
};
