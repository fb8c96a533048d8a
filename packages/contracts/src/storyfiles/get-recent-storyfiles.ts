import { z } from 'zod';
import { RECENT_LIST_LIMIT } from '../constants.ts';
import { defineContract } from '../contract.ts';
import { storyfileSummarySchema } from './storyfile.ts';

/** Most ids one call resolves; the answer still holds at most RECENT_LIST_LIMIT storyfiles. */
export const MAX_RECENT_IDS = 20;

export const getRecentStoryfilesQuerySchema = z.object({
  /** Comma-separated storyfile ids from the browser's recent list, newest first. */
  ids: z.string().transform((text, context): string[] => {
    const ids = [
      ...new Set(
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length > MAX_RECENT_IDS) {
      context.addIssue({ code: 'custom', message: `Send at most ${MAX_RECENT_IDS} ids.` });
      return z.NEVER;
    }
    // Ids that are not storyfile ids cannot name a storyfile; they drop out like deleted ones.
    return ids.filter((id) => z.uuid().safeParse(id).success);
  }),
});

export const getRecentStoryfilesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/recent',
  summary: `Resolves the browser's recent storyfile ids, in their order, to at most ${RECENT_LIST_LIMIT} live storyfiles (deleted and inaccessible ones left out, spec §5)`,
  tags: ['storyfiles'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: getRecentStoryfilesQuerySchema,
  response: z.object({ items: z.array(storyfileSummarySchema) }),
});
