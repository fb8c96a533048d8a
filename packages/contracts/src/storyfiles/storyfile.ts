import { z } from 'zod';
import type { ListSearchOption } from '../lists/list-query.ts';
import { storyfilePresetSlugSchema } from './storyfile-presets.ts';
import {
  alternatesSchema,
  descriptionSchema,
  itemNameSchema,
  languageSchema,
  questionTextSchema,
  timestampSchema,
  userSummarySchema,
} from '../library/content.ts';

/** Where a storyfile is in its life: scripted, being recorded, complete, visible to visitors. */
export const STORYFILE_STATUSES = ['draft', 'recording', 'ready', 'published'] as const;
export const storyfileStatusSchema = z.enum(STORYFILE_STATUSES);
export type StoryfileStatus = z.infer<typeof storyfileStatusSchema>;

/**
 * 400 text for a create or change that sets "published": that state is the publication alone,
 * changed on the Publishing card by an owner, so the Details status cannot bypass its permission.
 */
export const STATUS_FOLLOWS_PUBLICATION_MESSAGE =
  'A storyfile is published or unpublished on its Publishing card, by an "Admin" of its namespace; Status can be Draft, Recording or Ready.';
/** 409 text for a status change while the share link is live (the badge would hide it). */
export const STORYFILE_PUBLISHED_STATUS_LOCKED_MESSAGE =
  'This storyfile is published. Unpublish it on the Publishing card before changing its status.';

/**
 * The statuses a person sets in Details. "published" is never stored or set: the server derives
 * it from the publication, so the badge and the share link cannot disagree.
 */
export const STORYFILE_WORK_STATUSES = ['draft', 'recording', 'ready'] as const;
export const storyfileWorkStatusSchema = z.enum(STORYFILE_WORK_STATUSES, {
  error: STATUS_FOLLOWS_PUBLICATION_MESSAGE,
});
export type StoryfileWorkStatus = z.infer<typeof storyfileWorkStatusSchema>;

export const STORYFILE_STATUS_LABELS = {
  draft: 'Draft',
  recording: 'Recording',
  ready: 'Ready',
  published: 'Published',
} as const satisfies Record<StoryfileStatus, string>;

/**
 * Clips a storyfile needs besides its answers: the resting loop between questions, the
 * greeting, the fallback when no answer fits, and the one for input it could not understand.
 */
export const CLIP_KINDS = ['idle', 'intro', 'cannotAnswer', 'pleaseRepeat'] as const;
export const clipKindSchema = z.enum(CLIP_KINDS);
export type ClipKind = z.infer<typeof clipKindSchema>;

export const CLIP_KIND_LABELS = {
  idle: 'Idle loop',
  intro: 'Intro',
  cannotAnswer: 'Cannot answer',
  pleaseRepeat: 'Please repeat',
} as const satisfies Record<ClipKind, string>;

/** What a new storyfile suggests saying in each clip; the team edits these per storyfile. */
export const DEFAULT_CLIP_PROMPTS = {
  idle: 'Sit naturally and look at the camera for about 20 seconds, as if listening.',
  intro: 'Hello! Thank you for visiting. Ask me anything; here are a few ideas to start.',
  cannotAnswer: "I'm sorry, I don't have an answer to that one. Could you ask me something else?",
  pleaseRepeat: "Sorry, I didn't catch that. Could you say it again?",
} as const satisfies Record<ClipKind, string>;

export const MAX_STARTERS = 12;
export const CLIP_PROMPT_MAX_LENGTH = 1000;

/** A storyfile as lists show it, with the counts a card or row needs. */
export const storyfileSummarySchema = z.object({
  id: z.string(),
  namespaceId: z.string(),
  namespaceLabel: z.string(),
  name: z.string(),
  description: z.string(),
  language: z.string(),
  status: storyfileStatusSchema,
  avatarUrl: z.string().nullable(),
  topicCount: z.number().int(),
  questionCount: z.number().int(),
  /** Questions with a recorded answer. */
  answeredCount: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  /** Set while soft-deleted (the name then contains ` - Deleted`); an owner can restore it. */
  deletedAt: timestampSchema.nullable(),
  createdBy: userSummarySchema.nullable(),
  updatedBy: userSummarySchema.nullable(),
});
export type StoryfileSummary = z.infer<typeof storyfileSummarySchema>;

export const storyfileQuestionSchema = z.object({
  id: z.string(),
  topicId: z.string(),
  text: z.string(),
  alternates: z.array(z.string()),
  /** Zero-based place within its topic. */
  position: z.number().int(),
  /** The library question it was taken from, if any (used to avoid duplicates). */
  sourceQuestionId: z.string().nullable(),
  /** When an answer was recorded for it; null while unanswered. */
  answerRecordedAt: timestampSchema.nullable(),
  /** When a reviewer queued it from a visitor's question ("to record"); null otherwise. */
  queuedToRecordAt: timestampSchema.nullable(),
});
export type StoryfileQuestion = z.infer<typeof storyfileQuestionSchema>;

export const storyfileTopicSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Zero-based place within the storyfile. */
  position: z.number().int(),
  sourceTopicId: z.string().nullable(),
  questions: z.array(storyfileQuestionSchema),
});
export type StoryfileTopic = z.infer<typeof storyfileTopicSchema>;

export const storyfileClipSchema = z.object({
  kind: clipKindSchema,
  label: z.string(),
  /** What to say in the clip. */
  prompt: z.string(),
  recordedAt: timestampSchema.nullable(),
});
export type StoryfileClip = z.infer<typeof storyfileClipSchema>;

/** A conversation starter: a question of the storyfile suggested to visitors. */
export const storyfileStarterSchema = z.object({
  questionId: z.string(),
  topicId: z.string(),
  text: z.string(),
  position: z.number().int(),
});
export type StoryfileStarter = z.infer<typeof storyfileStarterSchema>;

/** A storyfile with its whole recording checklist, everything in order. */
export const storyfileDetailSchema = storyfileSummarySchema.extend({
  topics: z.array(storyfileTopicSchema),
  /** Always one entry per clip kind, in the order of CLIP_KINDS. */
  clips: z.array(storyfileClipSchema),
  starters: z.array(storyfileStarterSchema),
});
export type StoryfileDetail = z.infer<typeof storyfileDetailSchema>;

export const STORYFILE_SEARCH_OPTIONS = [
  { value: 'name', label: 'Name', active: true, disabled: false },
  { value: 'description', label: 'Description', active: true, disabled: false },
  { value: 'questions', label: 'Questions', active: false, disabled: false },
  { value: 'language', label: 'Language', active: false, disabled: false },
] as const satisfies readonly ListSearchOption[];
export type StoryfileSearchField = (typeof STORYFILE_SEARCH_OPTIONS)[number]['value'];

export const STORYFILE_SORT_FIELDS = [
  'name',
  'status',
  'language',
  'createdAt',
  'updatedAt',
] as const;
export type StoryfileSortField = (typeof STORYFILE_SORT_FIELDS)[number];

/** Same answer for a storyfile that does not exist and one the caller may not know about. */
export const STORYFILE_NOT_FOUND_MESSAGE = 'Storyfile not found.';
export const NAMESPACE_NOT_FOUND_MESSAGE = 'Namespace not found.';

/**
 * auth/me lists at most this many storyfiles per namespace (the most recently updated); the
 * server checks storyfile access per request from the storyfile's own namespace.
 */
export const AUTH_ME_STORYFILES_PER_NAMESPACE = 100;

/** 409 text when the name is taken in the namespace. */
export function formatStoryfileNameTakenMessage(name: string): string {
  return `A storyfile named "${name}" already exists in this namespace.`;
}

/** 409 text for a change to a soft-deleted storyfile. */
export function formatStoryfileDeletedMessage(name: string): string {
  return `The storyfile "${name}" is deleted; restore it before changing it.`;
}

export const avatarUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (value) => value.startsWith('/') || /^https?:\/\//.test(value),
    'An avatar must be an http(s) address or a path on this studio.',
  );

export const createStoryfileBodySchema = z.object({
  namespaceId: z.uuid(),
  name: itemNameSchema,
  description: descriptionSchema.default(''),
  language: languageSchema.optional(),
  status: storyfileWorkStatusSchema.default('draft'),
  avatarUrl: avatarUrlSchema.nullable().default(null),
  /** A script or template to fill the new storyfile's checklist from. */
  scriptId: z.uuid().optional(),
  /**
   * A preset to fill it from instead (spec §3: offered where the namespace has SHOW_PRESETS and
   * the preset's flag): its script, starters and clip prompts.
   */
  presetSlug: storyfilePresetSlugSchema.optional(),
});
export type CreateStoryfileBody = z.infer<typeof createStoryfileBodySchema>;

export const updateStoryfileBodySchema = z.object({
  name: itemNameSchema.optional(),
  description: descriptionSchema.optional(),
  language: languageSchema.optional(),
  status: storyfileWorkStatusSchema.optional(),
  avatarUrl: avatarUrlSchema.nullable().optional(),
});
export type UpdateStoryfileBody = z.infer<typeof updateStoryfileBodySchema>;

export const storyfileParamsSchema = z.object({ id: z.uuid() });

export const createStoryfileTopicBodySchema = z.object({
  /** Required unless `sourceTopicId` is given (then the library topic's name is the default). */
  name: itemNameSchema.optional(),
  /** A library topic of the storyfile's namespace: its questions are copied in, without duplicates. */
  sourceTopicId: z.uuid().optional(),
  /** Zero-based place; unset appends. */
  index: z.number().int().min(0).optional(),
});

export const createStoryfileQuestionBodySchema = z.object({
  topicId: z.uuid(),
  /** Required unless `sourceQuestionId` is given (then the library question's text is copied). */
  text: questionTextSchema.optional(),
  alternates: alternatesSchema.optional(),
  /** A library question of the storyfile's namespace. */
  sourceQuestionId: z.uuid().optional(),
  /** Zero-based place within the topic; unset appends. */
  index: z.number().int().min(0).optional(),
});

export const updateStoryfileQuestionBodySchema = z.object({
  text: questionTextSchema.optional(),
  alternates: alternatesSchema.optional(),
});

export const moveStoryfileQuestionBodySchema = z.object({
  /** Destination topic (may be the current one). */
  topicId: z.uuid(),
  /** Zero-based place in the destination topic; past the end appends. */
  index: z.number().int().min(0),
});

export const updateStoryfileClipBodySchema = z.object({
  prompt: z
    .string()
    .trim()
    .max(CLIP_PROMPT_MAX_LENGTH, `A prompt can have at most ${CLIP_PROMPT_MAX_LENGTH} characters.`),
});

export const setStoryfileStartersBodySchema = z.object({
  /** Questions of this storyfile, in the order visitors see them. */
  questionIds: z
    .array(z.uuid())
    .max(MAX_STARTERS, `A storyfile can have at most ${MAX_STARTERS} conversation starters.`),
});
