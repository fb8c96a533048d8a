import { z } from 'zod';
import { changeEffectSchema } from './change-effect.ts';

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
  /** What the import did to past questions, per storyfile it reaches (issue 28). */
  effect: changeEffectSchema,
});
export type ImportedCategories = z.infer<typeof importedCategoriesSchema>;

/** One row of a category CSV as the import would write it. */
export const categoryImportRowSchema = z.object({
  /** The row's line in the file (the header is row 1). */
  row: z.number().int(),
  name: z.string(),
  /** The storyfile whose addition it is; null for the whole namespace. */
  storyfileName: z.string().nullable(),
  /** `create`: a new category; `replace`: the phrases of the category of that name in its scope. */
  action: z.enum(['create', 'replace']),
  phrases: z.array(z.string()),
  /** `replace`: the phrases it has now; null for `create`. */
  previousPhrases: z.array(z.string()).nullable(),
});
export type CategoryImportRow = z.infer<typeof categoryImportRowSchema>;

/** What importing a CSV would change, before anything is written (the body is the import's). */
export const categoryImportPreviewSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  rows: z.array(categoryImportRowSchema),
  /** What the import would do to past questions, per storyfile it reaches (issue 28). */
  effect: changeEffectSchema,
});
export type CategoryImportPreview = z.infer<typeof categoryImportPreviewSchema>;
