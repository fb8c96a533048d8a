import { describe, expect, it } from 'vitest';
import { buildExcerpt, EXCERPT_CONTEXT, markTerms } from './script-search';

describe('script search excerpts', () => {
  it('marks every occurrence of every term, case aside', () => {
    expect(markTerms('Iraq, then iraq again', ['IRAQ'])).toEqual([
      { text: 'Iraq', found: true },
      { text: ', then ', found: false },
      { text: 'iraq', found: true },
      { text: ' again', found: false },
    ]);
  });

  it('cuts a long answer around the first word found, at word edges, with ellipses', () => {
    const before = 'word '.repeat(40);
    const after = ' more'.repeat(60);
    const parts = buildExcerpt(`${before}in Lagos${after}`, ['lagos']);
    const text = parts.map((part) => part.text).join('');
    expect(parts[0]).toEqual({ text: '…', found: false });
    expect(parts.at(-1)).toEqual({ text: '…', found: false });
    expect(parts.filter((part) => part.found)).toEqual([{ text: 'Lagos', found: true }]);
    expect(text.length).toBeLessThanOrEqual(EXCERPT_CONTEXT * 3 + 2);
    expect(text).not.toMatch(/…\S*wor\b|\bmor…/);
  });

  it('shows a short answer whole', () => {
    const parts = buildExcerpt('In Leeds.', ['leeds']);
    expect(parts.map((part) => part.text).join('')).toBe('In Leeds.');
  });
});
