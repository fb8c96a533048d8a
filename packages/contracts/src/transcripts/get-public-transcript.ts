import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { publicStoryfileParamsSchema } from '../publishing/publication.ts';

/** One recorded question of a published storyfile and what the person said in answer. */
export const publicTranscriptEntrySchema = z.object({
  questionId: z.string(),
  topic: z.string(),
  question: z.string(),
  /**
   * The words of the answer; '' unless `words` is `reviewed` or `automatic` (a draft no author
   * reviewed is not shown unless the storyfile publishes drafts).
   */
  text: z.string(),
  /**
   * `reviewed`: an author's words; `automatic`: the recognizer's draft, shown because the storyfile
   * publishes drafts; `no-speech`: the answer has no spoken words; `in-review`: the words are not
   * ready for visitors yet (being made, or waiting for an author's review).
   */
  words: z.enum(['reviewed', 'automatic', 'no-speech', 'in-review']),
});

export const publicTranscriptSchema = z.object({
  slug: z.string(),
  name: z.string(),
  language: z.string(),
  /** What the storyfile says when a conversation starts (its intro clip), when it has one. */
  introduction: z.string().nullable(),
  /** The introduction's words are the recognizer's draft (the storyfile publishes drafts). */
  isIntroductionAutomatic: z.boolean(),
  entries: z.array(publicTranscriptEntrySchema),
});
export type PublicTranscript = z.infer<typeof publicTranscriptSchema>;

export const getPublicTranscriptContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/storyfiles/:slug/transcript',
  summary:
    "A published storyfile's transcript (no account): every recorded question with what was said, in script order",
  tags: ['transcripts'],
  permission: { kind: 'public' },
  params: publicStoryfileParamsSchema,
  response: publicTranscriptSchema,
});
