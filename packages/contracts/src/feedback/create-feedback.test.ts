import { describe, expect, it } from 'vitest';
import { createFeedbackBodySchema } from './create-feedback.ts';
import { FEEDBACK_MESSAGE_MAX_LENGTH } from './feedback.ts';

const valid = { kind: 'bug', message: 'The Search button stays grey.', pageUrl: '/storyfiles' };

describe('createFeedbackBodySchema', () => {
  it('accepts both kinds, trims the message and drops a blank reply email', () => {
    expect(
      createFeedbackBodySchema.parse({
        ...valid,
        kind: 'feedback',
        message: '  Nice  ',
        email: ' ',
      }),
    ).toEqual({ kind: 'feedback', message: 'Nice', pageUrl: '/storyfiles', email: undefined });
  });

  it.each([
    ['an empty message', { message: '   ' }, 'Write a message before sending.'],
    [
      'a message over 5000 characters',
      { message: 'x'.repeat(FEEDBACK_MESSAGE_MAX_LENGTH + 1) },
      'A message can have at most 5000 characters.',
    ],
    [
      'an invalid reply email',
      { email: 'nobody@' },
      'Enter a valid email address, or leave it empty.',
    ],
    ['an unknown kind', { kind: 'praise' }, undefined],
    ['no page', { pageUrl: '' }, undefined],
  ])('refuses %s', (_name, change, message) => {
    const result = createFeedbackBodySchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    if (message !== undefined) {
      expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
    }
  });

  it('accepts exactly 5000 characters', () => {
    expect(
      createFeedbackBodySchema.safeParse({ ...valid, message: 'x'.repeat(5000) }).success,
    ).toBe(true);
  });
});
