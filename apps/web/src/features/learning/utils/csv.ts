import Papa from 'papaparse';
import {
  PROGRESS_STATE_LABELS,
  type ExchangeFeedback,
  type RosterPageRow,
  type TranscriptEntry,
} from '@conversa/contracts';
import { groupTranscriptByAttempt } from './attempts';

/** A person to invite: the name may be empty (the CSV had none for them). */
export interface InvitedPerson {
  email: string;
  name: string;
}

const EMAIL_HEADERS = ['email', 'e-mail', 'email address', 'e-mail address', 'mail'];
const NAME_HEADERS = ['name', 'full name', 'student', 'student name', 'display name'];
const FIRST_NAME_HEADERS = ['first name', 'firstname', 'given name', 'first'];
const LAST_NAME_HEADERS = ['last name', 'lastname', 'surname', 'family name', 'last'];

function findColumn(header: string[], names: string[]): number {
  return header.findIndex((cell) => names.includes(cell));
}

/**
 * A CSV of people to invite: a header row naming the email column (and a name column, or first and
 * last name columns), or bare rows where the cell with an "@" is the email and the first other
 * cell the name. Any delimiter papaparse detects (comma, semicolon, tab); a byte order mark is
 * ignored; quoted cells may hold commas.
 */
export function parseStudentCsv(text: string): { people: InvitedPerson[]; problems: string[] } {
  // trim() also drops a UTF-8 byte order mark, which spreadsheets put before the header.
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: 'greedy' });
  const rows = parsed.data.map((row) => row.map((cell) => cell.trim()));
  // A one-column file has no delimiter to detect, and a row may leave its last cells out (no
  // name): neither is a problem. A broken quote is.
  const problems = parsed.errors
    .filter((error) => error.type === 'Quotes')
    .map((error) => `Row ${(error.row ?? 0) + 1}: ${error.message}`);
  if (rows.length === 0) {
    return { people: [], problems: ['The file has no rows.'] };
  }
  const header = rows[0]!.map((cell) => cell.toLowerCase().replace(/[_\s]+/g, ' '));
  const emailColumn = findColumn(header, EMAIL_HEADERS);
  if (emailColumn !== -1) {
    const nameColumn = findColumn(header, NAME_HEADERS);
    const firstColumn = findColumn(header, FIRST_NAME_HEADERS);
    const lastColumn = findColumn(header, LAST_NAME_HEADERS);
    const nameOf = (row: string[]) =>
      nameColumn !== -1
        ? (row[nameColumn] ?? '')
        : [row[firstColumn] ?? '', row[lastColumn] ?? ''].filter(Boolean).join(' ');
    const people = rows
      .slice(1)
      .map((row) => ({ email: row[emailColumn] ?? '', name: nameOf(row) }))
      .filter((person) => person.email !== '');
    return { people, problems };
  }
  const people = rows.flatMap((row, index) => {
    const emailAt = row.findIndex((cell) => cell.includes('@'));
    if (emailAt === -1) {
      problems.push(`Row ${index + 1}: no email address (a header row names its column "email").`);
      return [];
    }
    const name = row.find((cell, index) => index !== emailAt && cell !== '') ?? '';
    return [{ email: row[emailAt]!, name }];
  });
  return { people, problems };
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet will not run as a formula. */
function safeCell(value: string | number | null): string | number {
  if (value === null) {
    return '';
  }
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The roster as CSV: state, progress, first and last activity, questions asked, and how many
 * answers the student rated thumbs up and thumbs down.
 */
export function buildRosterCsv(roster: RosterPageRow[]): string {
  return Papa.unparse({
    fields: [
      'Student',
      'Email',
      'State',
      'Progress (%)',
      'First activity',
      'Last activity',
      'Questions asked',
      'Thumbs up',
      'Thumbs down',
    ],
    data: roster.map((row) =>
      [
        row.student.name,
        row.student.email,
        PROGRESS_STATE_LABELS[row.progress.state],
        Math.round(row.progress.fraction * 100),
        row.progress.firstAt,
        row.progress.lastAt,
        row.progress.questionsAsked,
        row.ratings.up,
        row.ratings.down,
      ].map(safeCell),
    ),
  });
}

/** The student's thumbs as the export says them: empty when the answer was not rated. */
const RATING_LABELS: Record<ExchangeFeedback, string> = {
  up: 'Thumbs up',
  down: 'Thumbs down',
};

/**
 * A student's transcript as CSV, attempt by attempt: when the attempt began, which storyfile, then
 * each exchange (when, question, answer, the student's rating of it).
 */
export function buildTranscriptCsv(entries: readonly TranscriptEntry[]): string {
  return Papa.unparse({
    fields: ['Attempt (started at)', 'Storyfile', 'Asked at', 'Question', 'Answer', 'Rating'],
    data: groupTranscriptByAttempt(entries).flatMap((attempt) =>
      attempt.entries.map((entry) =>
        [
          attempt.startedAt,
          attempt.storyfileName,
          entry.createdAt,
          entry.questionText,
          entry.decision === 'answered' ? (entry.answerQuestionText ?? '') : 'No answer (fallback)',
          entry.feedback === null ? '' : RATING_LABELS[entry.feedback],
        ].map(safeCell),
      ),
    ),
  });
}

/** Offers a text as a file download. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
