import { describe, expect, it } from 'vitest';
import { parseInkCompilerMessage, sortInkMessages } from './compile-messages.ts';

describe('parseInkCompilerMessage', () => {
  it.each([
    [
      "ERROR: line 4: Divert target not found: '-> careerx'",
      'error',
      { severity: 'error', line: 4, message: "Divert target not found: '-> careerx'" },
    ],
    [
      'WARNING: line 12: Apparent loose end',
      'error',
      { severity: 'warning', line: 12, message: 'Apparent loose end' },
    ],
    ['TODO: line 2: fix this', 'error', { severity: 'todo', line: 2, message: 'fix this' }],
    [
      "ERROR: 'chapter2.ink' line 7: Unexpected token",
      'error',
      { severity: 'error', line: 7, message: 'Unexpected token' },
    ],
    [
      'RUNTIME ERROR: line 3: ran out of content',
      'warning',
      { severity: 'error', line: 3, message: 'ran out of content' },
    ],
    // Messages without a line are kept, with line null.
    [
      'Compilation failed.',
      'error',
      { severity: 'error', line: null, message: 'Compilation failed.' },
    ],
    [
      'ERROR: Root container has no content',
      'warning',
      { severity: 'error', line: null, message: 'Root container has no content' },
    ],
    ['Something odd', 'warning', { severity: 'warning', line: null, message: 'Something odd' }],
  ] as const)('%s', (raw, fallback, expected) => {
    expect(parseInkCompilerMessage(raw, fallback)).toEqual(expected);
  });

  it('sorts errors first, then by line, lineless last', () => {
    const sorted = sortInkMessages([
      { severity: 'todo', line: 1, message: 'a' },
      { severity: 'error', line: null, message: 'b' },
      { severity: 'warning', line: 2, message: 'c' },
      { severity: 'error', line: 9, message: 'd' },
    ]);
    expect(sorted.map((message) => message.message)).toEqual(['d', 'b', 'c', 'a']);
  });
});
