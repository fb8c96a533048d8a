import { describe, expect, it } from 'vitest';
import { compileInkSource } from './compile-ink.ts';
import { countInkStats, findInkOutline } from './outline.ts';

const QUESTIONS = [
  { id: 'q-childhood', text: 'Where did you grow up?', isRecorded: true },
  { id: 'q-career', text: 'What was your first job?', isRecorded: false },
];

const STORY = `Hi! # clip: intro
* [Childhood] -> childhood
* [Career] -> career
== childhood
I grew up by the sea. # answer: q-childhood
-> END
== career
= first
My first job. # answer: q-career
-> END
`;

describe('compileInkSource', () => {
  it('compiles a story and warns about a question without a recorded answer', () => {
    const result = compileInkSource(STORY, QUESTIONS);
    expect(result.compiledJson).toContain('inkVersion');
    expect(result.messages).toEqual([
      {
        severity: 'warning',
        line: 9,
        message:
          '"What was your first job?" has no recorded answer yet: the player shows its text instead.',
      },
    ]);
  });

  it('an unknown question is an error and nothing is compiled', () => {
    const result = compileInkSource(STORY.replace('q-childhood', 'q-nope'), QUESTIONS);
    expect(result.compiledJson).toBeNull();
    expect(result.messages[0]).toEqual({
      severity: 'error',
      line: 5,
      message:
        'Unknown question "q-nope": an answer tag names a question of this storyfile\'s checklist.',
    });
  });

  it('reports inkjs errors and TODOs with their lines', () => {
    const result = compileInkSource('TODO: tidy\n* [Go] -> nowhere\n', []);
    expect(result.compiledJson).toBeNull();
    expect(result.messages).toEqual([
      { severity: 'error', line: 2, message: "Divert target not found: '-> nowhere'" },
      { severity: 'todo', line: 1, message: 'tidy' },
    ]);
  });

  it('outlines knots and stitches and counts words, knots and choices', () => {
    expect(findInkOutline(STORY)).toEqual([
      { kind: 'knot', name: 'childhood', path: 'childhood', line: 4 },
      { kind: 'knot', name: 'career', path: 'career', line: 7 },
      { kind: 'stitch', name: 'first', path: 'career.first', line: 8 },
    ]);
    // Hi! (1), Childhood (1), Career (1), I grew up by the sea. (6), My first job. (3)
    expect(countInkStats(STORY)).toEqual({ words: 12, knots: 2, stitches: 1, choices: 2 });
  });
});
