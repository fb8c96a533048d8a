import { describe, expect, it } from 'vitest';
import { BUILDER_IDS, parseBuilderId } from './drag-ids';

describe('parseBuilderId', () => {
  it.each([
    ['script-questions:abc', { kind: 'script-questions', id: 'abc' }],
    ['library-topics', { kind: 'library-topics', id: '' }],
    ['library-question:a:b', { kind: 'library-question', id: 'a:b' }],
    ['script-topic:', { kind: 'script-topic', id: '' }],
  ])('parses the builder id %s', (value, expected) => {
    expect(parseBuilderId(value)).toEqual(expected);
  });

  it.each([
    [BUILDER_IDS.scriptQuestions('t1'), { kind: 'script-questions', id: 't1' }],
    [BUILDER_IDS.libraryQuestions('lt1'), { kind: 'library-questions', id: 'lt1' }],
    [BUILDER_IDS.scriptTopic('t1'), { kind: 'script-topic', id: 't1' }],
    [BUILDER_IDS.libraryTopic('lt1'), { kind: 'library-topic', id: 'lt1' }],
    [BUILDER_IDS.scriptQuestion('q1'), { kind: 'script-question', id: 'q1' }],
    [BUILDER_IDS.libraryQuestion('lq1'), { kind: 'library-question', id: 'lq1' }],
  ])('reads back the id it built: %s', (value, expected) => {
    expect(parseBuilderId(value)).toEqual(expected);
  });
});
