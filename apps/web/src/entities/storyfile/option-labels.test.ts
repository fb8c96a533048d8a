import { describe, expect, it } from 'vitest';
import { labelStoryfileOptions } from './option-labels';

describe('labelStoryfileOptions', () => {
  it('names the namespace beside a name two storyfiles share, and only there (issue 44)', () => {
    const labels = labelStoryfileOptions([
      { id: 'a', name: 'Maya Chen', namespaceLabel: 'acme' },
      { id: 'b', name: 'Maya Chen', namespaceLabel: 'globex' },
      { id: 'c', name: 'Grandma Rose', namespaceLabel: 'acme' },
    ]);
    expect([...labels.values()]).toEqual([
      'Maya Chen (acme)',
      'Maya Chen (globex)',
      'Grandma Rose',
    ]);
  });
});
