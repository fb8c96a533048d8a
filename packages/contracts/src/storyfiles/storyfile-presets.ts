import { z } from 'zod';
import type { NamespaceAttribute, NamespaceAttributes } from '../auth/current-user.ts';

/**
 * The storyfile presets of spec §3: ready scripts for one use each, offered when a storyfile is
 * created in a namespace with SHOW_PRESETS, each behind its own flag.
 */
export const STORYFILE_PRESETS = [
  {
    slug: 'ask-santa',
    flag: 'PRESET_ASK_SANTA',
    name: 'Ask Santa',
    summary: 'Santa Claus answers children at the North Pole: the sleigh, the elves, the list.',
    topicCount: 6,
    questionCount: 29,
  },
  {
    slug: 'medtronic',
    flag: 'PRESET_MEDTRONIC',
    name: 'Medtronic',
    summary:
      'A product and patient-education expert explains a medical device, living with it and where to get help.',
    topicCount: 6,
    questionCount: 28,
  },
  {
    slug: 'time',
    flag: 'PRESET_TIME',
    name: 'Time',
    summary:
      'A historical figure talks about their life, their times, their work and what they left behind.',
    topicCount: 6,
    questionCount: 26,
  },
  {
    slug: 'healthy-soil',
    flag: 'PRESET_HEALTHY_SOIL',
    name: 'Healthy Soil',
    summary:
      'An educator on soil and farming: what soil is, keeping it healthy, and what a garden or farm can do.',
    topicCount: 6,
    questionCount: 27,
  },
] as const satisfies readonly {
  slug: string;
  flag: NamespaceAttribute;
  name: string;
  /** One sentence on the preset; a new storyfile's description unless the author wrote one. */
  summary: string;
  /** The size of its script, shown as a template's is (the server's test holds them true). */
  topicCount: number;
  questionCount: number;
}[];

export type StoryfilePreset = (typeof STORYFILE_PRESETS)[number];
export type StoryfilePresetSlug = StoryfilePreset['slug'];
export const storyfilePresetSlugSchema = z.enum(
  STORYFILE_PRESETS.map((preset) => preset.slug) as [StoryfilePresetSlug, ...StoryfilePresetSlug[]],
);

/** The presets a namespace offers: none without SHOW_PRESETS, else those whose flag it has. */
export function listNamespacePresets(attributes: NamespaceAttributes): StoryfilePreset[] {
  if (attributes.SHOW_PRESETS !== true) {
    return [];
  }
  return STORYFILE_PRESETS.filter((preset) => attributes[preset.flag] === true);
}

/** 403 text for a preset the namespace does not offer. */
export const PRESET_NOT_AVAILABLE_MESSAGE =
  'This preset is not available in this namespace. Ask a platform admin to turn it on.';
/** 400 text when a create names both a script and a preset. */
export const SCRIPT_AND_PRESET_MESSAGE = 'Start from a script or from a preset, not both.';
