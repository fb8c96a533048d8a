import { z } from 'zod';
import { chatLogDateSchema, chatLogEntrySchema } from '../chat-logs/chat-log.ts';
import { chatChannelSchema } from '../conversations/conversation.ts';
import { createPageSchema, pageQuerySchema, pageSizeQuerySchema } from '../lists/list-query.ts';

/**
 * How a conversation's saved ink state stands against the storyfile's published story:
 * - `compatible`: saved under the published version;
 * - `outdated`: saved under another version; it is checked on its next turn, and the story
 *   restarts there if the state no longer fits (the detail runs that check now);
 * - `unpublished`: the storyfile has no published story any more, so the state is not used.
 */
export const INK_STATE_COMPATIBILITIES = ['compatible', 'outdated', 'unpublished'] as const;
export const inkStateCompatibilitySchema = z.enum(INK_STATE_COMPATIBILITIES);
export type InkStateCompatibility = z.infer<typeof inkStateCompatibilitySchema>;

export const INK_STATE_COMPATIBILITY_LABELS: Readonly<Record<InkStateCompatibility, string>> = {
  compatible: 'Compatible',
  outdated: 'Older version (checked on its next turn)',
  unpublished: 'No published story',
};

export const INK_STATE_NOT_FOUND_MESSAGE = 'No ink state found for this conversation.';

/** Filters of View Inky States; `from`/`to` bound the conversation's last activity. */
export const listInkStatesQuerySchema = z.object({
  page: pageQuerySchema,
  pageSize: pageSizeQuerySchema,
  storyfileId: z.uuid().optional(),
  from: chatLogDateSchema.optional(),
  to: chatLogDateSchema.optional(),
  compatibility: inkStateCompatibilitySchema.optional(),
});
export type ListInkStatesQuery = z.input<typeof listInkStatesQuerySchema>;

/** One conversation that has an ink state. */
export const inkStateRowSchema = z.object({
  conversationId: z.string(),
  storyfileId: z.string(),
  storyfileName: z.string(),
  channel: chatChannelSchema,
  startedAt: z.iso.datetime({ offset: true }),
  lastAt: z.iso.datetime({ offset: true }),
  /** Turns in the story's log (start, choices, free questions, restarts, errors). */
  turns: z.number().int(),
  /** Where the story stands (`knot.stitch` or ink's path); null at the top or at the end. */
  currentPath: z.string().nullable(),
  hasEnded: z.boolean(),
  /** ink's save format version of the state JSON (`inkSaveVersion`); null if unreadable. */
  inkSaveVersion: z.number().int().nullable(),
  /** The story version the state was saved under. */
  storyVersionNumber: z.number().int(),
  publishedVersionNumber: z.number().int().nullable(),
  compatibility: inkStateCompatibilitySchema,
});
export type InkStateRow = z.infer<typeof inkStateRowSchema>;

export const inkStatePageSchema = createPageSchema(inkStateRowSchema);
export type InkStatePage = z.infer<typeof inkStatePageSchema>;

/** A turn of the story's log, with the chat log's exchange of that turn when there is one. */
export const inkStateTurnSchema = z.object({
  turn: z.number().int(),
  kind: z.enum(['start', 'choice', 'free', 'restart', 'error']),
  choiceText: z.string().nullable(),
  path: z.string().nullable(),
  at: z.iso.datetime({ offset: true }),
  note: z.string().nullable(),
  exchange: chatLogEntrySchema.nullable(),
});
export type InkStateTurn = z.infer<typeof inkStateTurnSchema>;

export const inkStateDetailSchema = inkStateRowSchema.extend({
  /**
   * Every global variable of the story in declaration order, each as ink would print it, marked
   * when it differs from its starting value (ink's state JSON holds only those).
   */
  variables: z.array(z.object({ name: z.string(), value: z.string(), isChanged: z.boolean() })),
  /** How often each knot and stitch was visited (`knot`, `knot.stitch`), unvisited ones at 0. */
  visitCounts: z.array(z.object({ path: z.string(), count: z.number().int() })),
  /** ink's turn index (`turnIdx`): choices taken since the story began. */
  turnIndex: z.number().int().nullable(),
  transcript: z.array(inkStateTurnSchema),
  /** The state as ink saved it, for copying or loading elsewhere. */
  stateJson: z.string(),
  /** The compiled story of the version the state was saved under, to replay it; null if gone. */
  compiledJson: z.string().nullable(),
  /** The check the next turn would run against the published story, run now. */
  fitsPublished: z.object({ fits: z.boolean(), reason: z.string().nullable() }).nullable(),
});
export type InkStateDetail = z.infer<typeof inkStateDetailSchema>;

export const inkStateParamsSchema = z.object({ conversationId: z.uuid() });
