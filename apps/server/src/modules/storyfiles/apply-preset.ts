import { and, eq, inArray } from 'drizzle-orm';
import {
  listNamespacePresets,
  PRESET_NOT_AVAILABLE_MESSAGE,
  type StoryfilePresetSlug,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { forbidden } from '../../http/errors.ts';
import { SHIPPED_PRESETS, type ShippedPreset } from '../library/index.ts';
import type { Executor } from '../lists/index.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { mergeIntoChecklist } from './checklist-merge.ts';
import { storyfileQuestions, storyfileStarters } from './storyfiles.tables.ts';

/**
 * The preset a new storyfile of `namespaceId` may start from: the namespace must have
 * SHOW_PRESETS and the preset's own flag (spec §3), read from the row, not the session, so a flag
 * switched off refuses at once. 403 otherwise.
 */
export async function findAllowedPreset(
  db: Database,
  namespaceId: string,
  slug: StoryfilePresetSlug,
): Promise<ShippedPreset> {
  const [row] = await db
    .select({ attributes: namespaces.attributes })
    .from(namespaces)
    .where(eq(namespaces.id, namespaceId));
  const isOffered = listNamespacePresets(row?.attributes ?? {}).some(
    (preset) => preset.slug === slug,
  );
  if (!isOffered) {
    throw forbidden(PRESET_NOT_AVAILABLE_MESSAGE);
  }
  return SHIPPED_PRESETS[slug];
}

/**
 * Fills a new storyfile from a preset inside its creating transaction, as a template fills it
 * (`mergeIntoChecklist`), then sets the preset's starters, in order, by their question texts.
 * The clip prompts are the caller's: they are written with the clips.
 */
export async function applyPresetToStoryfile(
  tx: Executor,
  input: { storyfileId: string; userId: string; preset: ShippedPreset },
): Promise<void> {
  const { storyfileId, userId, preset } = input;
  await mergeIntoChecklist(tx, {
    storyfileId,
    userId,
    groups: preset.topics.map((topic) => ({
      name: topic.name,
      sourceTopicId: null,
      questions: topic.questions.map((question) => ({
        text: question.text,
        alternates: question.alternates ?? [],
        sourceQuestionId: null,
      })),
    })),
  });
  if (preset.starters.length === 0) {
    return;
  }
  const questions = await tx
    .select({ id: storyfileQuestions.id, text: storyfileQuestions.text })
    .from(storyfileQuestions)
    .where(
      and(
        eq(storyfileQuestions.storyfileId, storyfileId),
        inArray(storyfileQuestions.text, [...preset.starters]),
      ),
    );
  const idOf = new Map(questions.map((question) => [question.text, question.id]));
  const starters = preset.starters.flatMap((text) => {
    const id = idOf.get(text);
    return id === undefined ? [] : [id];
  });
  if (starters.length > 0) {
    await tx.insert(storyfileStarters).values(
      starters.map((storyfileQuestionId, position) => ({
        storyfileId,
        storyfileQuestionId,
        position,
      })),
    );
  }
}
