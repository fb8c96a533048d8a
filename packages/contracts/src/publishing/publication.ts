import { z } from 'zod';
import { escapeHtml } from '../html.ts';
import {
  askBodyFieldsSchema,
  refuseEmptyTypedQuestion,
  askMediaSchema,
  publicChatChannelSchema,
} from '../conversations/conversation.ts';

/** Length of a share slug: 10 base62 characters (about 59 bits), not guessable. */
export const SHARE_SLUG_LENGTH = 10;
export const shareSlugSchema = z
  .string()
  .regex(new RegExp(`^[0-9A-Za-z]{${SHARE_SLUG_LENGTH}}$`), 'Not a share link.');

/** Answer of the public calls for an unknown, unpublished or deleted storyfile. */
export const STORYFILE_NOT_AVAILABLE_MESSAGE =
  'This storyfile is not available. It may have been unpublished by its owner.';
/** 429 text when one visitor asks too fast. */
/**
 * 409 of a public ask naming a conversation this visitor cannot continue (no visitor cookie, or
 * another visitor's or storyfile's conversation): nothing is started in its place.
 */
export const PUBLIC_CONVERSATION_NOT_CONTINUABLE_MESSAGE =
  'This conversation cannot be continued: it was started by another visitor or the visitor cookie is missing. Ask without a conversationId to start a new conversation.';

export const VISITOR_RATE_LIMIT_MESSAGE =
  'You are asking questions too quickly. Please wait a moment and try again.';
/** 429 text when a storyfile gets more questions than it may answer per minute. */
export const STORYFILE_RATE_LIMIT_MESSAGE =
  'This storyfile is answering many visitors right now. Please try again in a minute.';

/** Asks one visitor may send per minute to one public storyfile. */
export const PUBLIC_ASKS_PER_VISITOR_PER_MINUTE = 20;
/** Asks a public storyfile answers per minute across all visitors. */
export const PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE = 300;

/** The share page of a slug (spec: `/s/{slug}`). */
export function buildSharePath(slug: string): string {
  return `/s/${encodeURIComponent(slug)}`;
}

/** The embedded player's page: the share page marked so its asks log the embed channel. */
export function buildEmbedPath(slug: string): string {
  return `${buildSharePath(slug)}?embed=1`;
}

/** The iframe snippet an owner pastes into another site. */
export function buildEmbedSnippet(origin: string, slug: string, title: string): string {
  const src = `${origin.replace(/\/$/, '')}${buildEmbedPath(slug)}`;
  return `<iframe src="${escapeHtml(src)}" title="${escapeHtml(title)}" width="640" height="480" allow="microphone; autoplay; fullscreen" style="border:0"></iframe>`;
}

/** Publication state of a storyfile; the slug stays the same across unpublish and publish. */
export const publicationSchema = z.object({
  storyfileId: z.string(),
  isPublished: z.boolean(),
  slug: z.string().nullable(),
  /** `/s/{slug}`, null before the first publish. */
  sharePath: z.string().nullable(),
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Publication = z.infer<typeof publicationSchema>;

export const publicStoryfileParamsSchema = z.object({ slug: shareSlugSchema });

/** What the public player loads: identity, starters and the idle and intro clips. */
export const publicStoryfileSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  language: z.string(),
  /** The recorded starters, or without any one recorded question of each topic (issue 68). */
  starters: z.array(z.object({ questionId: z.string(), text: z.string() })),
  /**
   * `introText`: the intro clip's text, as Interact shows it (the suggestion every storyfile starts
   * with included; '' when the author emptied it): the player greets with it on Start while the
   * clip is not recorded (issues 44, 68).
   */
  clips: z.object({
    idle: askMediaSchema.nullable(),
    intro: askMediaSchema.nullable(),
    introText: z.string(),
  }),
  /** A published ink story drives the conversation: the player opens it with `start`. */
  hasStory: z.boolean(),
});
export type PublicStoryfile = z.infer<typeof publicStoryfileSchema>;

export const publicAskBodySchema = refuseEmptyTypedQuestion(
  askBodyFieldsSchema.extend({
    channel: publicChatChannelSchema.default('share'),
  }),
);
export type PublicAskBody = z.input<typeof publicAskBodySchema>;
