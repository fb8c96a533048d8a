import { describe, expect, it } from 'vitest';
import {
  alternatesSchema,
  CLIP_KINDS,
  CLIP_PROMPT_MAX_LENGTH,
  itemNameSchema,
  listNamespacePresets,
  MAX_STARTERS,
  normalizeQuestionText,
  questionTextSchema,
  STORYFILE_PRESETS,
} from '@conversa/contracts';
import { SHIPPED_PRESETS } from './index.ts';

describe('which presets a namespace offers (spec §3)', () => {
  it.each([
    [{}, []],
    [{ PRESET_ASK_SANTA: true, PRESET_TIME: true }, []],
    [{ SHOW_PRESETS: true }, []],
    [{ SHOW_PRESETS: true, PRESET_ASK_SANTA: true }, ['ask-santa']],
    [{ SHOW_PRESETS: false, PRESET_ASK_SANTA: true }, []],
    [
      {
        SHOW_PRESETS: true,
        PRESET_ASK_SANTA: true,
        PRESET_MEDTRONIC: true,
        PRESET_TIME: true,
        PRESET_HEALTHY_SOIL: true,
      },
      ['ask-santa', 'medtronic', 'time', 'healthy-soil'],
    ],
    [{ SHOW_PRESETS: true, PRESET_HEALTHY_SOIL: true, PRESET_MEDTRONIC: false }, ['healthy-soil']],
  ] as const)('%j offers %j', (attributes, slugs) => {
    expect(listNamespacePresets(attributes).map((preset) => preset.slug)).toEqual(slugs);
  });

  it('ties each preset to its flag', () => {
    expect(STORYFILE_PRESETS.map((preset) => [preset.name, preset.flag])).toEqual([
      ['Ask Santa', 'PRESET_ASK_SANTA'],
      ['Medtronic', 'PRESET_MEDTRONIC'],
      ['Time', 'PRESET_TIME'],
      ['Healthy Soil', 'PRESET_HEALTHY_SOIL'],
    ]);
  });
});

describe.each(STORYFILE_PRESETS.map((entry) => [entry.name, SHIPPED_PRESETS[entry.slug]] as const))(
  'the %s preset',
  (name, preset) => {
    const questions = preset.topics.flatMap((topic) => topic.questions);

    it('is the preset its slug names', () => {
      expect(preset.name).toBe(name);
    });

    it('is as large as the create dialog says (topics and questions)', () => {
      const offered = STORYFILE_PRESETS.find((entry) => entry.slug === preset.slug)!;
      expect([offered.topicCount, offered.questionCount]).toEqual([
        preset.topics.length,
        questions.length,
      ]);
    });

    it('has 20 to 40 questions in at least 4 topics, at least 3 a topic', () => {
      expect(questions.length).toBeGreaterThanOrEqual(20);
      expect(questions.length).toBeLessThanOrEqual(40);
      expect(preset.topics.length).toBeGreaterThanOrEqual(4);
      for (const topic of preset.topics) {
        expect(topic.questions.length, topic.name).toBeGreaterThanOrEqual(3);
      }
      // Visitors word a question more than one way: a good share of questions carry alternates.
      const withAlternates = questions.filter((question) => (question.alternates ?? []).length);
      expect(withAlternates.length).toBeGreaterThanOrEqual(Math.ceil(questions.length / 3));
    });

    it('never repeats a question or a topic, alternates included', () => {
      const normalized = questions
        .flatMap((question) => [question.text, ...(question.alternates ?? [])])
        .map(normalizeQuestionText);
      expect(new Set(normalized).size).toBe(normalized.length);
      const names = preset.topics.map((topic) => topic.name.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
    });

    it('passes the same validation as content people write', () => {
      expect(itemNameSchema.safeParse(preset.name).success).toBe(true);
      for (const topic of preset.topics) {
        expect(itemNameSchema.safeParse(topic.name).success, topic.name).toBe(true);
      }
      for (const question of questions) {
        expect(questionTextSchema.safeParse(question.text).success, question.text).toBe(true);
        expect(alternatesSchema.safeParse(question.alternates ?? []).success).toBe(true);
        expect(question.text, 'asked as a question or a prompt').toMatch(/[?.]$/);
      }
    });

    it('starts conversations with questions of its own script', () => {
      const texts = new Set(questions.map((question) => question.text));
      expect(preset.starters.length).toBeGreaterThanOrEqual(3);
      expect(preset.starters.length).toBeLessThanOrEqual(MAX_STARTERS);
      for (const starter of preset.starters) {
        expect(texts.has(starter), starter).toBe(true);
      }
    });

    it('says what to record in every clip, the fallback clips included', () => {
      expect(Object.keys(preset.clipPrompts).sort()).toEqual([...CLIP_KINDS].sort());
      for (const kind of CLIP_KINDS) {
        const prompt = preset.clipPrompts[kind];
        expect(prompt.trim().length, kind).toBeGreaterThan(20);
        expect(prompt.length, kind).toBeLessThanOrEqual(CLIP_PROMPT_MAX_LENGTH);
      }
    });
  },
);
