import { z } from 'zod';

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
