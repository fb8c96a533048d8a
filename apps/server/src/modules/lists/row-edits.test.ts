import { describe, expect, it } from 'vitest';
import { markUpdated, pickDefined } from './row-edits.ts';

describe('pickDefined', () => {
  it('keeps the sent fields, null included, and leaves out the unsent and unnamed ones', () => {
    const body: { name?: string; description?: string | null; language?: string; extra?: number } =
      { name: 'Grandma', description: null, extra: 1 };
    expect(pickDefined(body, ['name', 'description', 'language'])).toEqual({
      name: 'Grandma',
      description: null,
    });
  });

  it('gives nothing for an empty edit', () => {
    const body: { name?: string } = {};
    expect(pickDefined(body, ['name'])).toEqual({});
  });
});

describe('markUpdated', () => {
  it('names the user and sets the time in the database', () => {
    const marks = markUpdated('user-1');
    expect(marks.updatedBy).toBe('user-1');
    expect(marks.updatedAt).toBeDefined();
  });
});
