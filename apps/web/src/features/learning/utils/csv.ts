import Papa from 'papaparse';
import { PROGRESS_STATE_LABELS, type RosterRow, type TranscriptEntry } from '@conversa/contracts';
import { groupTranscriptByAttempt } from './attempts';

/** A CSV of people to invite: a header row naming `email` (and maybe `name`), or bare emails. */
export function parseStudentCsv(text: string): { emails: string[]; problems: string[] } {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: 'greedy' });
  const rows = parsed.data.map((row) => row.map((cell) => cell.trim()));
  const problems = parsed.errors.map((error) => `Row ${(error.row ?? 0) + 1}: ${error.message}`);
  if (rows.length === 0) {
    return { emails: [], problems: ['The file has no rows.'] };
  }
  const header = rows[0]!.map((cell) => cell.toLowerCase());
  const emailColumn = header.findIndex((cell) => cell === 'email' || cell === 'e-mail');
  const body = emailColumn === -1 ? rows : rows.slice(1);
  const column =
    emailColumn === -1
      ? Math.max(
          0,
          rows[0]!.findIndex((cell) => cell.includes('@')),
        )
      : emailColumn;
  const emails = body.map((row) => row[column] ?? '').filter((email) => email !== '');
  return { emails, problems };
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell a spreadsheet will not run as a formula. */
function safeCell(value: string | number | null): string | number {
  if (value === null) {
    return '';
  }
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** The roster as CSV: state, progress, first and last activity, questions asked. */
export function buildRosterCsv(roster: RosterRow[]): string {
  return Papa.unparse({
    fields: [
      'Student',
      'Email',
      'State',
      'Progress (%)',
      'First activity',
      'Last activity',
      'Questions asked',
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
      ].map(safeCell),
    ),
  });
}

/**
 * A student's transcript as CSV, attempt by attempt: when the attempt began, which storyfile, then
 * each exchange (when, question, answer).
 */
export function buildTranscriptCsv(entries: readonly TranscriptEntry[]): string {
  return Papa.unparse({
    fields: ['Attempt (started at)', 'Storyfile', 'Asked at', 'Question', 'Answer'],
    data: groupTranscriptByAttempt(entries).flatMap((attempt) =>
      attempt.entries.map((entry) =>
        [
          attempt.startedAt,
          attempt.storyfileName,
          entry.createdAt,
          entry.questionText,
          entry.decision === 'answered' ? (entry.answerQuestionText ?? '') : 'No answer (fallback)',
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
