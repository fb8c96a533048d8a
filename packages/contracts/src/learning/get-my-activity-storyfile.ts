import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { askMediaSchema } from '../conversations/conversation.ts';
import { LEARNING_STUDENT } from './list-my-activities.ts';

export const STORYFILE_NOT_IN_ACTIVITY_MESSAGE = 'This storyfile is not part of the activity.';

export const myActivityStoryfileParamsSchema = z.object({ id: z.uuid(), storyfileId: z.uuid() });

/** What the student's player loads: the same as the public player's, plus the recognizer's hints. */
export const myActivityStoryfileSchema = z.object({
  id: z.string(),
  name: z.string(),
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
  /**
   * Always false: an activity's conversation is one of free questions, counted by its rule; the
   * storyfile's ink story drives its public and studio conversations only (issue 68, item 11).
   */
  hasStory: z.boolean(),
  /** The custom words of the storyfile's namespace, hints for the browser's recognizer. */
  speechHints: z.array(z.string()),
});
export type MyActivityStoryfile = z.infer<typeof myActivityStoryfileSchema>;

/**
 * A student may read nothing of the studio but their activities, so the player's storyfile comes
 * through the activity: only a storyfile of one of their own assigned activities, while it is open.
 */
export const getMyActivityStoryfileContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/learning/my-activities/:id/storyfiles/:storyfileId',
  summary:
    "One storyfile of the caller's open activity for the player: name, language, starters, idle and intro clips, story, speech hints",
  tags: ['learning'],
  permission: LEARNING_STUDENT,
  isOpenToStudents: true,
  params: myActivityStoryfileParamsSchema,
  response: myActivityStoryfileSchema,
});
