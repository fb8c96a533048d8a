import { z } from 'zod';
import { confidenceClassSchema, inputModeSchema } from '../conversations/conversation.ts';
import { timestampSchema } from '../library/content.ts';
import { createListQuerySchema, createPageSchema } from '../lists/list-query.ts';
import { changeEffectSchema } from './change-effect.ts';

export const CUSTOM_WORD_NOT_FOUND_MESSAGE = 'Word not found.';
export const CUSTOM_WORD_TAKEN_MESSAGE = 'This word is already in the list.';
export const MAX_HEARD_AS_FORMS = 50;

const shortText = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} cannot be empty.`)
    .max(100, `${label} can have at most 100 characters.`);

export const customWordBodySchema = z.object({
  term: shortText('The term'),
  /** How the term is written when shown; the term itself when omitted. */
  displayForm: z.string().trim().max(100).nullable().default(null),
  heardAs: z
    .array(shortText('A "heard as" form'))
    .max(MAX_HEARD_AS_FORMS, `A word can have at most ${MAX_HEARD_AS_FORMS} "heard as" forms.`)
    .default([]),
});
export const createCustomWordBodySchema = customWordBodySchema.extend({ namespaceId: z.uuid() });
export type CustomWordBody = z.input<typeof customWordBodySchema>;
export type CreateCustomWordBody = z.input<typeof createCustomWordBodySchema>;

export const customWordSchema = z.object({
  id: z.string(),
  namespaceId: z.string(),
  term: z.string(),
  displayForm: z.string().nullable(),
  heardAs: z.array(z.string()),
  updatedAt: timestampSchema,
});
export type CustomWord = z.infer<typeof customWordSchema>;

/** A saved word and what it did to past spoken questions (issue 28). */
export const savedCustomWordSchema = customWordSchema.extend({ effect: changeEffectSchema });
export type SavedCustomWord = z.infer<typeof savedCustomWordSchema>;

export const listCustomWordsQuerySchema = createListQuerySchema({
  searchOptions: [
    { value: 'term', label: 'Term', active: true, disabled: false },
    { value: 'heardAs', label: 'Heard as', active: true, disabled: false },
  ],
  sortFields: ['term', 'updatedAt'],
  defaultSort: 'term',
  defaultOrder: 'asc',
}).extend({ namespaceId: z.uuid() });
export type ListCustomWordsQuery = z.input<typeof listCustomWordsQuerySchema>;
export const customWordPageSchema = createPageSchema(customWordSchema);
export type CustomWordPage = z.infer<typeof customWordPageSchema>;

export const wordParamsSchema = z.object({ id: z.uuid() });

export const testBenchBodySchema = z.object({
  text: z.string().max(500, 'A question can have at most 500 characters.'),
  inputMode: inputModeSchema.default('spoken'),
});
export type TestBenchBody = z.input<typeof testBenchBodySchema>;

/** The test bench, step by step: raw text, after "heard as" rules, categories folded, top 3. */
export const testBenchResultSchema = z.object({
  raw: z.string(),
  afterReplacements: z.string(),
  replacements: z.array(
    z.object({ heardAs: z.string(), replacement: z.string(), count: z.number().int() }),
  ),
  categoriesFolded: z.array(z.object({ category: z.string(), phrase: z.string() })),
  candidates: z.array(
    z.object({
      questionId: z.string(),
      questionText: z.string(),
      score: z.number(),
      confidence: confidenceClassSchema,
      isRecorded: z.boolean(),
      matchedTerms: z.array(z.string()),
    }),
  ),
  decision: z.enum(['answer', 'fallback']),
  threshold: z.number(),
});
export type TestBenchResult = z.infer<typeof testBenchResultSchema>;
