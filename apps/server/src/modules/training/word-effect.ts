import type { ChangeEffect, HeardAsRule } from '@conversa/contracts';
import type { ConversationEngine } from '../conversations/index.ts';
import { listReachedStoryfiles, previewNamespaceChange } from './change-effects.ts';

export interface WordRules {
  term: string;
  displayForm: string | null;
  heardAs: readonly string[];
}

/** The "heard as" rules `next` adds to what `previous` had (case and spaces aside). */
export function findAddedRules(previous: WordRules | null, next: WordRules | null): HeardAsRule[] {
  if (!next) {
    return [];
  }
  const key = (form: string) => form.toLowerCase().replace(/\s+/g, ' ').trim();
  const had = new Set((previous?.heardAs ?? []).map(key));
  const replacement = next.displayForm || next.term;
  return next.heardAs
    .filter((form) => !had.has(key(form)))
    .map((heardAs) => ({ heardAs, replacement }));
}

/**
 * What saving a custom word would do to past spoken questions of the namespace's storyfiles: each is
 * asked again with the word's new "heard as" forms applied, as a spoken question will be. A word
 * changes nothing else the matcher does. The log keeps the text as matched, after the rules of its
 * time, so a form removed cannot be undone on it: removing forms previews no move.
 */
export async function previewWordEffect(
  engine: ConversationEngine,
  namespaceId: string,
  previous: WordRules | null,
  next: WordRules | null,
): Promise<ChangeEffect> {
  const heardAsRules = findAddedRules(previous, next);
  if (heardAsRules.length === 0) {
    return { storyfiles: [] };
  }
  const storyfiles = await listReachedStoryfiles(engine, namespaceId, null);
  return previewNamespaceChange(engine, storyfiles, () => ({ heardAsRules }), {
    spokenOnly: true,
  });
}
