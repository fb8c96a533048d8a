import { describe, expect, it } from 'vitest';
import { buildTakeFilename, formatFileTimestamp, slugify } from './filename';

describe('slugify', () => {
  it.each([
    ['Where did you grow up?', 'where-did-you-grow-up'],
    ['  Qu’est-ce que tu fais ?  ', 'qu-est-ce-que-tu-fais'],
    ['Crème brûlée & café', 'creme-brulee-cafe'],
    ['???', 'take'],
    ['', 'take'],
  ])('%j → %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('cuts long text without a trailing dash', () => {
    const slug = slugify('a'.repeat(59) + ' bcdef');
    expect(slug).toBe('a'.repeat(59));
    expect(slugify('word '.repeat(30)).length).toBeLessThanOrEqual(60);
  });
});

describe('buildTakeFilename', () => {
  const date = new Date(2026, 10, 22, 9, 5, 7);

  it('stamps the local time sortably', () => {
    expect(formatFileTimestamp(date)).toBe('20261122-090507');
  });

  it('names a question take after the question, with the recorded type’s extension', () => {
    expect(
      buildTakeFilename(
        {
          kind: 'question',
          questionId: 'q',
          topicName: 'Childhood',
          questionText: 'Where did you grow up?',
        },
        'video/webm',
        date,
      ),
    ).toBe('where-did-you-grow-up-20261122-090507.webm');
  });

  it('names a clip take after the clip', () => {
    expect(
      buildTakeFilename(
        { kind: 'clip', clipKind: 'cannotAnswer', label: 'Cannot answer' },
        'video/mp4',
        date,
      ),
    ).toBe('cannot-answer-20261122-090507.mp4');
  });
});
