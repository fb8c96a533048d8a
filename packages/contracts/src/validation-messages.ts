import { z } from 'zod';
import { GO_TO_PAGE_TOO_LOW_MESSAGE, ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE } from './constants.ts';
import {
  FEEDBACK_EMAIL_INVALID_MESSAGE,
  FEEDBACK_MESSAGE_REQUIRED_MESSAGE,
  FEEDBACK_MESSAGE_TOO_LONG_MESSAGE,
} from './feedback/feedback.ts';
import { DELETED_NAME_IN_USE_MESSAGE } from './library/content.ts';
import { STATUS_FOLLOWS_PUBLICATION_MESSAGE } from './storyfiles/storyfile.ts';
import { labelValidationField } from './validation-labels.ts';

/**
 * Validation messages written for people (the spec's catalogue, §5 and §8, and ours in its
 * style). A request refused with one of them is answered with that message word for word, before
 * any other issue of the same request.
 */
const PERSON_MESSAGES: ReadonlySet<string> = new Set([
  ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE,
  GO_TO_PAGE_TOO_LOW_MESSAGE,
  DELETED_NAME_IN_USE_MESSAGE,
  FEEDBACK_MESSAGE_REQUIRED_MESSAGE,
  FEEDBACK_MESSAGE_TOO_LONG_MESSAGE,
  FEEDBACK_EMAIL_INVALID_MESSAGE,
  STATUS_FOLLOWS_PUBLICATION_MESSAGE,
]);

export function isPersonMessage(message: string): boolean {
  return PERSON_MESSAGES.has(message);
}

/** One validation issue as zod reports it (code and details), wherever it comes from. */
export interface ValidationIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: unknown;
  format?: unknown;
  expected?: unknown;
  values?: unknown;
  keys?: unknown;
  divisor?: unknown;
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

/** zod's own English message for the issue: anything else was written for people in a contract. */
function isZodDefaultMessage(issue: ValidationIssue): boolean {
  if (/^Invalid input: expected \S+, received \S+$/.test(issue.message)) {
    return true;
  }
  try {
    const localeError = z.locales.en().localeError;
    const fallback = localeError({ ...issue, input: undefined } as never);
    const text = typeof fallback === 'string' ? fallback : fallback?.message;
    return text === issue.message;
  } catch {
    return false;
  }
}

/** Whether a sentence names the field: its label's first word, singular or plural. */
export function mentionsField(sentence: string, label: string): boolean {
  const stem = (label.split(/[\s(]/)[0] ?? '').toLowerCase().replace(/s$/, '');
  return stem !== '' && new RegExp(`\\b${stem}`, 'i').test(sentence);
}

function sizeWords(issue: ValidationIssue, bound: 'minimum' | 'maximum'): string {
  const value = Number(issue[bound]);
  switch (issue.origin) {
    case 'string':
      return `${value} character${value === 1 ? '' : 's'}`;
    case 'array':
    case 'set':
      return `${value} item${value === 1 ? '' : 's'}`;
    default:
      return String(value);
  }
}

function describeFormat(label: string, issue: ValidationIssue): string {
  switch (issue.format) {
    case 'uuid':
    case 'guid':
      return `${label} is not one the studio knows. Go back, choose it again and retry.`;
    case 'email':
      return `${label} must be an email address such as name@example.com.`;
    case 'url':
      return `${label} must be a web address such as https://example.com.`;
    case 'datetime':
    case 'date':
      return `${label} must be a date such as 2026-01-31.`;
    default:
      return `${label} is not in a form the studio can read.`;
  }
}

/**
 * The sentence a person reads for one validation issue: the contract's own message when it wrote
 * one (it names the field in its own words), otherwise the field's label and what it needs.
 */
export function describeValidationIssue(issue: ValidationIssue): string {
  if (isPersonMessage(issue.message)) {
    return issue.message;
  }
  const label = labelValidationField(issue.path);
  if (!isZodDefaultMessage(issue)) {
    if (mentionsField(issue.message, label)) {
      return issue.message;
    }
    // "Use true or false." alone does not say which field; keep the words and name it.
    const rest = /^[A-Z][a-z]/.test(issue.message)
      ? `${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`
      : issue.message;
    return `${label}: ${rest}`;
  }
  switch (issue.code) {
    case 'invalid_type': {
      if (/received (undefined|null)$/.test(issue.message)) {
        return `${label} is required.`;
      }
      const expected = TYPE_WORDS[String(issue.expected)] ?? 'something else';
      return `${label} must be ${expected}.`;
    }
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) {
        return `${label} cannot be empty.`;
      }
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return `${label} must have at least ${sizeWords(issue, 'minimum')}.`;
      }
      return issue.inclusive === false
        ? `${label} must be more than ${sizeWords(issue, 'minimum')}.`
        : `${label} must be at least ${sizeWords(issue, 'minimum')}.`;
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return `${label} can have at most ${sizeWords(issue, 'maximum')}.`;
      }
      return issue.inclusive === false
        ? `${label} must be less than ${sizeWords(issue, 'maximum')}.`
        : `${label} can be at most ${sizeWords(issue, 'maximum')}.`;
    case 'invalid_format':
      return describeFormat(label, issue);
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(issue.divisor)}.`;
    case 'invalid_value': {
      const values = Array.isArray(issue.values) ? issue.values.map(String) : [];
      return values.length > 0 && values.length <= 8
        ? `${label} must be one of: ${values.join(', ')}.`
        : `${label} is not one of the choices offered.`;
    }
    case 'unrecognized_keys': {
      const keys = Array.isArray(issue.keys) ? issue.keys.map(String) : [];
      if (issue.path.length > 0) {
        // Inside a map (attributes): the key is the sender's own text, so the map is named instead.
        return `${label} holds ${keys.length === 1 ? 'an entry' : 'entries'} the studio does not know.`;
      }
      const names = keys.map((key) => labelValidationField([...issue.path, key]));
      return names.length === 1
        ? `${names[0] ?? 'That field'} cannot be sent here.`
        : `These fields cannot be sent here: ${names.join(', ')}.`;
    }
    default:
      return `${label} is not valid.`;
  }
}

/**
 * The one message for a refused request: a spec message word for word when one of the issues
 * carries it, otherwise each distinct sentence, in order.
 */
export function describeValidationIssues(issues: readonly ValidationIssue[]): string {
  const personIssue = issues.find((issue) => isPersonMessage(issue.message));
  if (personIssue) {
    return personIssue.message;
  }
  const sentences = [...new Set(issues.map(describeValidationIssue))];
  return sentences.length === 0 ? 'The request is not valid.' : sentences.join(' ');
}

/**
 * A field's problem as the 400 answer lists it (`issues`), so a form can show it beside the
 * field: the field's key path and the sentence.
 */
export interface FieldProblem {
  path: string[];
  message: string;
}

export function toFieldProblems(issues: readonly ValidationIssue[]): FieldProblem[] {
  return issues.map((issue) => ({
    path: issue.path.map((step) => String(step)),
    message: describeValidationIssue(issue),
  }));
}
