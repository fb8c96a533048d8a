import { describe, expect, it } from 'vitest';
import { classifyMediaError, MEDIA_PROBLEM_MESSAGES } from './media-errors';

describe('classifyMediaError', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'not-found'],
    ['OverconstrainedError', 'not-found'],
    ['NotReadableError', 'in-use'],
    ['AbortError', 'in-use'],
    ['TypeError', 'unsupported'],
    ['SomethingElse', 'unknown'],
  ])('%s is %s', (name, problem) => {
    expect(classifyMediaError(Object.assign(new Error('x'), { name }))).toBe(problem);
  });

  it('copes with a thrown non-error', () => {
    expect(classifyMediaError('boom')).toBe('unknown');
    expect(classifyMediaError(null)).toBe('unknown');
  });

  it('tells how to fix a refused permission', () => {
    expect(MEDIA_PROBLEM_MESSAGES.denied.fix).toMatch(
      /address bar.*allow the camera and the microphone/,
    );
  });
});
