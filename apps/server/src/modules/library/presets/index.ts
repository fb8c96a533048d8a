import type { StoryfilePresetSlug } from '@conversa/contracts';
import { ASK_SANTA_PRESET } from './ask-santa.ts';
import { HEALTHY_SOIL_PRESET } from './healthy-soil.ts';
import { MEDTRONIC_PRESET } from './medtronic.ts';
import type { ShippedPreset } from './shipped-preset.ts';
import { TIME_PRESET } from './time.ts';

export type { ShippedPreset } from './shipped-preset.ts';

/** Every preset of spec §3, by slug (the contracts' STORYFILE_PRESETS say which flag opens each). */
export const SHIPPED_PRESETS: Readonly<Record<StoryfilePresetSlug, ShippedPreset>> = {
  'ask-santa': ASK_SANTA_PRESET,
  medtronic: MEDTRONIC_PRESET,
  time: TIME_PRESET,
  'healthy-soil': HEALTHY_SOIL_PRESET,
};
