import type { ClipKind, StoryfilePresetSlug } from '@conversa/contracts';
import type { ShippedTemplate } from '../templates/shipped-template.ts';

/**
 * A storyfile preset shipped with the studio (spec §3): a template's script, plus what a template
 * leaves to the author: the conversation starters (question texts of the script, in order) and
 * what to say in each special clip (the teleprompter prompts of the idle loop, the intro and the
 * two fallback clips). It is never seeded as a script: it is offered only where a namespace has
 * its flag, and it fills a new storyfile when it is created.
 */
export interface ShippedPreset extends Omit<ShippedTemplate, 'slug'> {
  slug: StoryfilePresetSlug;
  starters: readonly string[];
  clipPrompts: Record<ClipKind, string>;
}
