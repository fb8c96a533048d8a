import { z } from 'zod';
import { DELETED_NAME_MARKER } from '../constants.ts';

// Limits of the content a studio edits. A checklist is loaded and answered whole, so every
// collection that is not paged has a ceiling.
export const NAME_MAX_LENGTH = 120;
export const DESCRIPTION_MAX_LENGTH = 2000;
export const QUESTION_TEXT_MAX_LENGTH = 500;
export const MAX_ALTERNATES_PER_QUESTION = 20;
export const MAX_TOPICS_PER_CHECKLIST = 200;
export const MAX_QUESTIONS_PER_TOPIC = 500;
export const MAX_QUESTIONS_PER_CHECKLIST = 2000;
export const DEFAULT_LANGUAGE = 'en-US';

export const DELETED_NAME_IN_USE_MESSAGE = `A name cannot contain "${DELETED_NAME_MARKER}"; it marks deleted items.`;

/** A name of a storyfile, topic or script: trimmed, 1–120 characters, never the deleted marker. */
export const itemNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(NAME_MAX_LENGTH, `A name can have at most ${NAME_MAX_LENGTH} characters.`)
  .refine((name) => !name.includes(DELETED_NAME_MARKER), DELETED_NAME_IN_USE_MESSAGE);

export const descriptionSchema = z
  .string()
  .trim()
  .max(
    DESCRIPTION_MAX_LENGTH,
    `A description can have at most ${DESCRIPTION_MAX_LENGTH} characters.`,
  );

/** A BCP 47 language tag such as `en-US`. */
export const languageSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Use a language tag such as en-US.');

export const questionTextSchema = z
  .string()
  .trim()
  .min(1, 'Enter the question.')
  .max(
    QUESTION_TEXT_MAX_LENGTH,
    `A question can have at most ${QUESTION_TEXT_MAX_LENGTH} characters.`,
  );

/** Other phrasings of a question, matched like the question itself. */
export const alternatesSchema = z
  .array(questionTextSchema)
  .max(
    MAX_ALTERNATES_PER_QUESTION,
    `A question can have at most ${MAX_ALTERNATES_PER_QUESTION} alternate phrasings.`,
  );

/** Who created or last changed an item. */
export const userSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const timestampSchema = z.iso.datetime({ offset: true });

/** Body of a reorder endpoint: every id of the collection, once, in the new order. */
export const reorderBodySchema = z.object({
  ids: z.array(z.uuid()).max(MAX_QUESTIONS_PER_CHECKLIST),
});
export type ReorderBody = z.infer<typeof reorderBodySchema>;

/**
 * The form of a question text used to tell duplicates apart: case, surrounding and repeated
 * whitespace, curly quotes and trailing punctuation do not make a question different.
 */
export function normalizeQuestionText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s?!.]+$/u, '');
}

/**
 * Alternates worth keeping: trimmed, without repeats and without the question's own text
 * (compared as normalizeQuestionText does), in the order given.
 */
export function cleanAlternates(text: string, alternates: readonly string[]): string[] {
  const seen = new Set([normalizeQuestionText(text)]);
  const kept: string[] = [];
  for (const alternate of alternates) {
    const trimmed = alternate.trim();
    const key = normalizeQuestionText(trimmed);
    if (key !== '' && !seen.has(key)) {
      seen.add(key);
      kept.push(trimmed);
    }
  }
  return kept;
}

/** An alternate phrasing that says again what the question or an earlier alternate says. */
export interface RepeatedAlternate {
  alternate: string;
  /** What it repeats: the question's own text, or an alternate before it in the list. */
  repeats: 'question' | 'alternate';
}

/**
 * The first alternate a person gave that repeats the question or an earlier alternate (compared
 * as normalizeQuestionText does; blanks are not phrasings), or null. The web checks it before
 * saving and the server refuses what it finds with the same words, so a repeat is never dropped
 * without telling the person.
 */
export function findRepeatedAlternate(
  text: string,
  alternates: readonly string[],
): RepeatedAlternate | null {
  const questionKey = normalizeQuestionText(text);
  const seen = new Set<string>();
  for (const alternate of alternates) {
    const trimmed = alternate.trim();
    const key = normalizeQuestionText(trimmed);
    if (key === '') {
      continue;
    }
    if (key === questionKey) {
      return { alternate: trimmed, repeats: 'question' };
    }
    if (seen.has(key)) {
      return { alternate: trimmed, repeats: 'alternate' };
    }
    seen.add(key);
  }
  return null;
}

/** The sentence a person reads for a repeated alternate. */
export function formatRepeatedAlternateMessage(repeated: RepeatedAlternate): string {
  return repeated.repeats === 'question'
    ? `"${repeated.alternate}" is the question itself; an alternate phrasing asks it another way.`
    : `"${repeated.alternate}" is already an alternate phrasing of this question.`;
}

/** Path parameters of an item route. */
export const idParamsSchema = z.object({ id: z.uuid() });
