// bench:end-of-speech's options (bench/end-of-speech.ts): its command line, the VAD's frame, the
// sentences and the conditions they are heard in.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UNSEEN_VOICES, VOICES } from '../speech/recordings.ts';

export const { values: args } = parseArgs({
  options: { recognize: { type: 'boolean', default: false } },
});
/** The conditions whose recordings are recognized with --recognize, every `RECOGNIZE_EVERY`th. */
export const RECOGNIZED_CONDITIONS = new Set(['quiet', 'pink noise, 20 dB']);
export const RECOGNIZE_EVERY = 3;

export const SAMPLE_RATE = 16_000;
export const FRAME_SAMPLES = 512;
export const CONTEXT_SAMPLES = 64;
export const FRAME_MS = (FRAME_SAMPLES / SAMPLE_RATE) * 1000;
/** The level rule's window: the hook reads 1,024 samples every 50 ms. */
export const LEVEL_STEP_MS = 50;
export const LEAD_SECONDS = 0.5;
/** A person's readings, as recorded (16 kHz): `apt-get install pocketsphinx-testdata`. */
export const PERSON_DIRS = ['librivox', 'cards'].map((name) =>
  path.join('/usr/share/pocketsphinx/test/data', name),
);
export const TRAIL_SECONDS = 2.5;

/** Questions a visitor might ask with a pause inside: commas, a lead-in, two clauses. */
export const SENTENCES = [
  'Where did you grow up?',
  'Tell me, when you were a child, where did you live?',
  'I wanted to ask you something. What was your first job?',
  'So, what do you remember about your grandparents?',
  'If you could go back, would you change anything, and why?',
  'What was it like, living through the war?',
];

export const CONDITIONS = [
  { name: 'a person reading (LibriVox, cards)', noise: 'person', voices: [] },
  { name: 'quiet', noise: undefined, voices: VOICES },
  { name: 'pink noise, 20 dB', noise: { noise: 'pinknoise', snrDb: 20 }, voices: VOICES },
  { name: 'brown noise, 15 dB', noise: { noise: 'brownnoise', snrDb: 15 }, voices: UNSEEN_VOICES },
] as const;
