import { describe, expect, it } from 'vitest';
import { buildRosterCsv, parseStudentCsv } from './csv';

describe('parseStudentCsv', () => {
  it.each([
    [
      'a header, a quoted name with a comma',
      'name,email\nAda Lovelace,ada@school.test\n"Hopper, Grace",grace@school.test\n',
      [
        { email: 'ada@school.test', name: 'Ada Lovelace' },
        { email: 'grace@school.test', name: 'Hopper, Grace' },
      ],
    ],
    [
      'a byte order mark before the header, CRLF lines',
      '\uFEFFEmail,Name\r\nada@school.test,Ada Lovelace\r\n',
      [{ email: 'ada@school.test', name: 'Ada Lovelace' }],
    ],
    [
      'a missing name, an empty line',
      'email,name\nada@school.test,\n\ngrace@school.test\n',
      [
        { email: 'ada@school.test', name: '' },
        { email: 'grace@school.test', name: '' },
      ],
    ],
    [
      'semicolons, first and last name columns',
      'First name;Last name;E-mail\nAda;Lovelace;ada@school.test',
      [{ email: 'ada@school.test', name: 'Ada Lovelace' }],
    ],
    [
      'no header: bare emails',
      'ada@school.test\ngrace@school.test',
      [
        { email: 'ada@school.test', name: '' },
        { email: 'grace@school.test', name: '' },
      ],
    ],
    [
      'no header: a name beside each email',
      '"Lovelace, Ada",ada@school.test\ngrace@school.test,Grace Hopper',
      [
        { email: 'ada@school.test', name: 'Lovelace, Ada' },
        { email: 'grace@school.test', name: 'Grace Hopper' },
      ],
    ],
  ])('reads %s', (_case, text, people) => {
    expect(parseStudentCsv(text)).toEqual({ people, problems: [] });
  });

  it('names a row without an email address, and an empty file', () => {
    expect(parseStudentCsv('Nom,Courriel\nAda,ada@school.test').problems).toEqual([
      'Row 1: no email address (a header row names its column "email").',
    ]);
    expect(parseStudentCsv(' \n').problems).toEqual(['The file has no rows.']);
    expect(parseStudentCsv('email,name\n"ada@school.test,Ada').problems).toEqual([
      'Row 2: Quoted field unterminated',
    ]);
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
        ratings: { up: 3, down: 1 },
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Student,Email,State,Progress (%),First activity,Last activity,Questions asked,Thumbs up,Thumbs down',
      `"'=HYPERLINK(""x"")",a@b.test,Late,50,2026-01-01T00:00:00.000Z,2026-01-02T00:00:00.000Z,2,3,1`,
    ]);
  });
});
