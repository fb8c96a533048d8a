import { describe, expect, it } from 'vitest';
import {
  alternatesSchema,
  itemNameSchema,
  normalizeQuestionText,
  questionTextSchema,
} from '@conversa/contracts';
import { SHIPPED_TEMPLATES } from './index.ts';

describe('shipped templates', () => {
  it('ships at least three', () => {
    expect(SHIPPED_TEMPLATES.map((template) => template.slug)).toEqual([
      'life-story',
      'expert-faq',
      'company-onboarding',
    ]);
  });

  describe.each(SHIPPED_TEMPLATES.map((template) => [template.name, template] as const))(
    '%s',
    (_name, template) => {
      const questions = template.topics.flatMap((topic) => topic.questions);

      it('has at least 25 questions in at least 4 topics', () => {
        expect(template.topics.length).toBeGreaterThanOrEqual(4);
        expect(questions.length).toBeGreaterThanOrEqual(25);
        for (const topic of template.topics) {
          expect(topic.questions.length, topic.name).toBeGreaterThanOrEqual(3);
        }
      });

      it('never repeats a question or a topic, alternates included', () => {
        const keys = questions.flatMap((question) => [
          question.text,
          ...(question.alternates ?? []),
        ]);
        const normalized = keys.map(normalizeQuestionText);
        expect(new Set(normalized).size).toBe(normalized.length);
        const names = template.topics.map((topic) => topic.name.toLowerCase());
        expect(new Set(names).size).toBe(names.length);
      });

      it('passes the same validation as content people write', () => {
        expect(itemNameSchema.safeParse(template.name).success).toBe(true);
        for (const topic of template.topics) {
          expect(itemNameSchema.safeParse(topic.name).success, topic.name).toBe(true);
        }
        for (const question of questions) {
          expect(questionTextSchema.safeParse(question.text).success, question.text).toBe(true);
          expect(alternatesSchema.safeParse(question.alternates ?? []).success).toBe(true);
          expect(question.text, 'asked as a question or a prompt').toMatch(/[?.]$/);
        }
      });
    },
  );
});
