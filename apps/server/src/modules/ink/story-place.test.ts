import { describe, expect, it } from 'vitest';
import { findStoryPlace } from './ink-conversation.ts';

describe('findStoryPlace', () => {
  it.each([
    ['farm.0.c-1', 'farm'],
    ['farm.milking.s-2', 'farm.milking'],
    // Issue 44: View Inky States showed "0.12", an ink container path, as the current knot.
    ['0.12', null],
  ])('names %s as %s', (path, place) => {
    expect(findStoryPlace({ state: { currentPathString: path }, currentChoices: [] })).toBe(place);
  });
});
