import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';

/** Reviewed exchanges a storyfile needs before its threshold is offered from them… */
export const MIN_CALIBRATION_REVIEWED = 20;
/** …of which at least this many are reviewed answers and this many "out of scope" marks. */
export const MIN_CALIBRATION_PER_KIND = 5;
/** The trade-off chart's thresholds: 0 to 1 in steps of this. */
export const CALIBRATION_CURVE_STEP = 0.02;
/** Days the coverage chart shows (today included, UTC). */
export const COVERAGE_DAYS = 30;

/** Rates at one threshold over the reviewed exchanges; null where there is no such exchange. */
export const thresholdPointSchema = z.object({
  threshold: z.number(),
  inScopeAccuracy: z.number().nullable(),
  oosRecall: z.number().nullable(),
});
export type ThresholdPoint = z.infer<typeof thresholdPointSchema>;

/**
 * The calibrated-threshold offer: how many reviewed exchanges there are (reviewed answers and "out
 * of scope" marks, scored as the matcher scored them when they were asked), the threshold
 * `calibrateThreshold` chooses from them once there are enough, and the trade-off curve.
 */
export const thresholdCalibrationSchema = z.object({
  storyfileId: z.string(),
  reviewedCount: z.number().int(),
  inScopeCount: z.number().int(),
  outOfScopeCount: z.number().int(),
  isReady: z.boolean(),
  currentThreshold: z.number(),
  isThresholdAutomatic: z.boolean(),
  /** At the threshold in force, over the same exchanges. */
  current: thresholdPointSchema,
  suggested: thresholdPointSchema.nullable(),
  curve: z.array(thresholdPointSchema),
});
export type ThresholdCalibration = z.infer<typeof thresholdCalibrationSchema>;

export const getThresholdCalibrationContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/training/calibration',
  summary:
    'The out-of-scope threshold calibrated from reviewed exchanges, and the trade-off of in-scope accuracy against fallback recall across thresholds',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: thresholdCalibrationSchema,
});

export const coverageDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  asked: z.number().int(),
  answered: z.number().int(),
  fellBack: z.number().int(),
});
export type CoverageDay = z.infer<typeof coverageDaySchema>;

export const coverageHistorySchema = z.object({
  storyfileId: z.string(),
  days: z.array(coverageDaySchema),
});
export type CoverageHistory = z.infer<typeof coverageHistorySchema>;

export const getCoverageHistoryContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/training/coverage',
  summary: `Questions asked, answered and fallen back per day over the last ${COVERAGE_DAYS} days`,
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: coverageHistorySchema,
});

/** Where a suggested custom word was found. */
export const WORD_SUGGESTION_SOURCES = [
  'name',
  'rare',
  'caption-name',
  'caption-rare',
  'unmatched',
] as const;
export const wordSuggestionSourceSchema = z.enum(WORD_SUGGESTION_SOURCES);
export type WordSuggestionSource = z.infer<typeof wordSuggestionSourceSchema>;
export const WORD_SUGGESTION_SOURCE_LABELS: Readonly<Record<WordSuggestionSource, string>> = {
  name: 'Name in the script',
  rare: 'Rare word in the script',
  'caption-name': 'Name in the captions',
  'caption-rare': 'Rare word in the captions',
  unmatched: 'Heard in unmatched spoken questions',
};

export const wordSuggestionSchema = z.object({
  term: z.string(),
  source: wordSuggestionSourceSchema,
  /** Times it occurs (script phrasings, caption cues, or unmatched spoken questions). */
  count: z.number().int(),
  /** One phrasing, caption cue or question it occurs in. */
  example: z.string(),
});
export type WordSuggestion = z.infer<typeof wordSuggestionSchema>;

export const wordSuggestionListSchema = z.object({ items: z.array(wordSuggestionSchema) });
export type WordSuggestionList = z.infer<typeof wordSuggestionListSchema>;

export const listWordSuggestionsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/training/word-suggestions',
  summary:
    'Candidate custom words from the storyfile’s own content: names and rare words of its script and of its videos’ captions, and words of spoken questions that matched nothing',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: wordSuggestionListSchema,
});

/** Category CSV: one category a row; phrases separated by this inside their cell. */
export const CATEGORY_CSV_PHRASE_SEPARATOR = '|';
export const CATEGORY_CSV_COLUMNS = ['name', 'phrases', 'storyfile'] as const;
export const MAX_CATEGORY_CSV_LENGTH = 2_000_000;
export const CATEGORY_CSV_NOTHING_IMPORTED = 'Nothing was imported.';

const categoryCsvScopeSchema = z.object({ namespaceId: z.uuid() });

export const exportCategoriesQuerySchema = categoryCsvScopeSchema;
export type ExportCategoriesQuery = z.input<typeof exportCategoriesQuerySchema>;

export const categoryCsvSchema = z.object({
  fileName: z.string(),
  csv: z.string(),
  count: z.number().int(),
});
export type CategoryCsv = z.infer<typeof categoryCsvSchema>;

export const exportCategoriesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/training/categories/export',
  summary:
    'A namespace’s custom categories as CSV (name, phrases separated by "|", storyfile name for a storyfile’s addition)',
  tags: ['training'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: exportCategoriesQuerySchema,
  response: categoryCsvSchema,
  errors: [404],
});

export const importCategoriesBodySchema = categoryCsvScopeSchema.extend({
  csv: z
    .string()
    .min(1, 'Choose a CSV file.')
    .max(MAX_CATEGORY_CSV_LENGTH, 'A CSV file can have at most 2,000,000 characters.'),
});
export type ImportCategoriesBody = z.input<typeof importCategoriesBodySchema>;

export const importedCategoriesSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
});
export type ImportedCategories = z.infer<typeof importedCategoriesSchema>;

export const importCategoriesContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/training/categories/import',
  summary:
    'Imports custom categories from CSV: every row is validated and all are written, or none (the refusal names each bad row); a row whose name exists in its scope replaces that category’s phrases',
  tags: ['training'],
  permission: { kind: 'role', scope: 'edit:ns' },
  body: importCategoriesBodySchema,
  response: importedCategoriesSchema,
  errors: [404],
});
