import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { activityParamsSchema } from '../learning/activity.ts';
import { LEARNING_STUDENT } from '../learning/list-my-activities.ts';
import { publicStoryfileParamsSchema } from '../publishing/publication.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { speechToTextQuerySchema } from './speech-to-text.ts';

/**
 * Which recognizer hears a storyfile's spoken questions: the studio's own (the speech2text
 * gateway; voices stay on the studio's servers), or the browser's Web Speech. A browser without
 * Web Speech always uses the studio's.
 */
export const STORYFILE_RECOGNIZERS = ['studio', 'browser'] as const;
export const storyfileRecognizerSchema = z.enum(STORYFILE_RECOGNIZERS);
export type StoryfileRecognizer = z.infer<typeof storyfileRecognizerSchema>;

/** A new storyfile (and one never set) uses the studio's recognizer. */
export const DEFAULT_STORYFILE_RECOGNIZER: StoryfileRecognizer = 'studio';

export const STORYFILE_RECOGNIZER_LABELS: Readonly<Record<StoryfileRecognizer, string>> = {
  studio: "The studio's recognizer (voices stay on your servers)",
  browser: "The browser's recognizer",
};

export const speechSettingsSchema = z.object({ recognizer: storyfileRecognizerSchema });
export type SpeechSettings = z.infer<typeof speechSettingsSchema>;

export const getSpeechSettingsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/speech-settings',
  summary: "Which recognizer hears a storyfile's spoken questions",
  tags: ['speech'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: speechSettingsSchema,
});

export const updateSpeechSettingsContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/storyfiles/:id/speech-settings',
  summary:
    "Chooses the recognizer of a storyfile's spoken questions (the studio's or the browser's)",
  tags: ['speech'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: speechSettingsSchema,
  response: speechSettingsSchema,
});

export const getPublicSpeechSettingsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/storyfiles/:slug/speech-settings',
  summary: "Which recognizer hears a published storyfile's spoken questions",
  tags: ['speech'],
  permission: { kind: 'public' },
  params: publicStoryfileParamsSchema,
  response: speechSettingsSchema,
});

export const getMyActivitySpeechSettingsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/learning/my-activities/:id/speech-settings',
  summary:
    "Which recognizer hears a student's spoken questions to one of the activity's storyfiles",
  tags: ['speech'],
  permission: LEARNING_STUDENT,
  isOpenToStudents: true,
  params: activityParamsSchema,
  query: speechToTextQuerySchema,
  response: speechSettingsSchema,
});
