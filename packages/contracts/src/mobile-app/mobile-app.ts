import { z } from 'zod';
import {
  createListQuerySchema,
  createPageSchema,
  type ListSearchOption,
} from '../lists/list-query.ts';

/** Seconds the app (and any cache between) may keep a catalogue answer before revalidating. */
export const CATALOGUE_MAX_AGE_SECONDS = 60;
/**
 * Catalogue answers are computed as of the start of a window of this many seconds: within one
 * window the popular order and the signed poster URLs stay the same, so one ETag holds.
 */
export const CATALOGUE_WINDOW_SECONDS = 300;

export const NOT_PUBLISHED_FOR_APP_MESSAGE =
  'Only a published storyfile can be in the app. Its owner must publish it first.';
export const NOT_IN_APP_FOR_FEATURED_MESSAGE = 'Put the storyfile in the app before featuring it.';
export const ALREADY_FEATURED_MESSAGE = 'This storyfile is already featured.';
export const FEATURED_DATES_ORDER_MESSAGE = 'The start date must be on or before the end date.';
export const MOBILE_STORYFILE_NOT_FOUND_MESSAGE =
  'This storyfile is not published or no longer exists.';
export const FEATURED_ENTRY_NOT_FOUND_MESSAGE = 'This storyfile is not featured.';

/** A calendar day, YYYY-MM-DD (UTC), or null for "no limit". */
export const featuredDateSchema = z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' }).nullable();

export const mobileStoryfileParamsSchema = z.object({ id: z.uuid() });

/** A published storyfile as admins curate it. */
export const mobileStoryfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  language: z.string(),
  organizationLabel: z.string(),
  slug: z.string(),
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
  inApp: z.boolean(),
  isFeatured: z.boolean(),
  /** Questions of its script: the console asks before offering one with none (issue 68). */
  questionCount: z.number().int(),
});
export type MobileStoryfile = z.infer<typeof mobileStoryfileSchema>;

export const MOBILE_STORYFILE_SEARCH_OPTIONS = [
  { value: 'name', label: 'Name', active: true, disabled: false },
  { value: 'description', label: 'Description', active: false, disabled: false },
  { value: 'organization', label: 'Organization', active: false, disabled: false },
] as const satisfies readonly ListSearchOption[];

export const listMobileStoryfilesQuerySchema = createListQuerySchema({
  searchOptions: MOBILE_STORYFILE_SEARCH_OPTIONS,
  sortFields: ['name', 'publishedAt'],
  defaultSort: 'name',
  defaultOrder: 'asc',
}).extend({
  /** `true`: only storyfiles in the app; `false`: only those not in it; absent: both. */
  inApp: z.enum(['true', 'false'], { error: 'Use true or false.' }).optional(),
});
export type ListMobileStoryfilesQuery = z.input<typeof listMobileStoryfilesQuerySchema>;
export const mobileStoryfilePageSchema = createPageSchema(mobileStoryfileSchema);
export type MobileStoryfilePage = z.infer<typeof mobileStoryfilePageSchema>;

export const setInAppBodySchema = z.object({ inApp: z.boolean() });

/** A featured entry: its place, its optional dates and whether the app shows it today. */
export const featuredEntrySchema = z.object({
  storyfileId: z.string(),
  name: z.string(),
  organizationLabel: z.string(),
  position: z.number().int(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  isPublished: z.boolean(),
  inApp: z.boolean(),
  /** Published, in the app and within its dates today (UTC): the catalogue lists it. */
  isShown: z.boolean(),
});
export type FeaturedEntry = z.infer<typeof featuredEntrySchema>;

function refineDates<
  T extends { startsOn?: string | null | undefined; endsOn?: string | null | undefined },
>(schema: z.ZodType<T>) {
  return schema.refine(
    (value) => !value.startsOn || !value.endsOn || value.startsOn <= value.endsOn,
    { message: FEATURED_DATES_ORDER_MESSAGE, path: ['endsOn'] },
  );
}

export const addFeaturedBodySchema = refineDates(
  z.object({
    storyfileId: z.uuid(),
    startsOn: featuredDateSchema.optional(),
    endsOn: featuredDateSchema.optional(),
  }),
);
export const updateFeaturedBodySchema = refineDates(
  z.object({ startsOn: featuredDateSchema, endsOn: featuredDateSchema }),
);
export const reorderFeaturedBodySchema = z.object({
  storyfileIds: z.array(z.uuid()).max(1000),
});
export const featuredListSchema = z.object({ items: z.array(featuredEntrySchema) });

/** A popular entry for admins: score, inputs and whether it is hidden. */
export const popularEntrySchema = z.object({
  storyfileId: z.string(),
  name: z.string(),
  organizationLabel: z.string(),
  visitors7: z.number().int(),
  visitors30: z.number().int(),
  score: z.number(),
  isHidden: z.boolean(),
});
export type PopularEntry = z.infer<typeof popularEntrySchema>;
export const popularPageSchema = createPageSchema(popularEntrySchema).extend({
  /** The moment the score was computed for: visits up to it count. */
  computedAt: z.iso.datetime({ offset: true }),
});
export type PopularPage = z.infer<typeof popularPageSchema>;
export const pagingQuerySchema = z.object({
  page: listMobileStoryfilesQuerySchema.shape.page,
  pageSize: listMobileStoryfilesQuerySchema.shape.pageSize,
});
export const setPopularHiddenBodySchema = z.object({ hidden: z.boolean() });

/** One storyfile as the consumer app lists it. */
export const catalogueEntrySchema = z.object({
  name: z.string(),
  description: z.string(),
  /** Signed poster image URL (a frame of the intro clip, else the idle clip), or null without one. */
  posterUrl: z.string().nullable(),
  slug: z.string(),
  language: z.string(),
});
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;
export const cataloguePageSchema = createPageSchema(catalogueEntrySchema);
export type CataloguePage = z.infer<typeof cataloguePageSchema>;
