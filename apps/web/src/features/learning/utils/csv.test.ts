import { describe, expect, it } from 'vitest';
import { buildRosterCsv, parseStudentCsv } from './csv';

describe('parseStudentCsv', () => {
  it.each([
    [
      'name,email\nAda Lovelace,ada@school.test\n"Hopper, Grace",grace@school.test\n',
      ['ada@school.test', 'grace@school.test'],
    ],
    ['ada@school.test\ngrace@school.test', ['ada@school.test', 'grace@school.test']],
    ['Email;Name\nada@school.test;Ada', ['ada@school.test']],
  ])('reads %j', (text, emails) => {
    expect(parseStudentCsv(text).emails).toEqual(emails);
  });
});

describe('buildRosterCsv', () => {
  it('quotes commas and defuses formulas', () => {
    const csv = buildRosterCsv([
      {
        student: { id: '1', name: '=HYPERLINK("x")', email: 'a@b.test', teamIds: [] },
        progress: {
          state: 'late',
          fraction: 0.5,
          questionsAsked: 2,
          distinctAnswers: 1,
          topicsCovered: 0,
          minutes: 1,
          firstAt: '2026-01-01T00:00:00.000Z',
          lastAt: '2026-01-02T00:00:00.000Z',
          completedAt: null,
        },
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""x"")",a@b.test,Late,50,2026-01-01T00:00:00.000Z,2026-01-02T00:00:00.000Z,2`,
    );
  });
});
