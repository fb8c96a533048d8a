import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Contract } from './contract.ts';
import * as contracts from './index.ts';
import { FIELD_LABELS, LIST_ITEM_NOUNS, labelValidationField } from './validation-labels.ts';
import {
  describeValidationIssue,
  describeValidationIssues,
  isPersonMessage,
  mentionsField,
  type ValidationIssue,
} from './validation-messages.ts';

type Schema = z.core.$ZodType;
type Step = string | number;

interface Field {
  contract: string;
  part: 'params' | 'query' | 'body';
  path: Step[];
  schema: Schema;
  isList: boolean;
}

/** Every named field (and list) a request schema has, with the schema that checks it. */
function collectFields(
  schema: Schema,
  path: Step[],
  add: (path: Step[], schema: Schema, isList: boolean) => void,
  seen = new Set<Schema>(),
): void {
  if (seen.has(schema)) {
    return;
  }
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, Schema>)) {
        add([...path, key], child, false);
        collectFields(child, [...path, key], add, seen);
      }
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
    case 'prefault':
    case 'nonoptional':
      collectFields(def.innerType as Schema, path, add, seen);
      return;
    case 'pipe':
      collectFields(def.in as Schema, path, add, seen);
      collectFields(def.out as Schema, path, add, seen);
      return;
    case 'array':
      if (path.length > 0) {
        add(path, schema, true);
      }
      collectFields(def.element as Schema, [...path, 0], add, seen);
      return;
    case 'union':
      for (const option of def.options as Schema[]) {
        collectFields(option, path, add, seen);
      }
      return;
    case 'lazy':
      collectFields((def.getter as () => Schema)(), path, add, seen);
      return;
    case 'intersection':
      collectFields(def.left as Schema, path, add, seen);
      collectFields(def.right as Schema, path, add, seen);
      return;
    default:
      return;
  }
}

function isContract(value: unknown): value is Contract {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'permission' in value &&
    'response' in value
  );
}

const fields: Field[] = [];
for (const [name, value] of Object.entries(contracts)) {
  if (!isContract(value)) {
    continue;
  }
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = value[part];
    if (schema) {
      collectFields(schema, [], (path, fieldSchema, isList) =>
        fields.push({ contract: name, part, path, schema: fieldSchema, isList }),
      );
    }
  }
}

// Values a person's browser (or a stale page, or a hand-edited address) can send.
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'not-an-id',
  'x'.repeat(6000),
  'abc\u00e9',
  -1,
  0,
  1.5,
  1e12,
  true,
  [],
  Array.from({ length: 3000 }, () => 'x'),
  {},
  { unexpected: 1 },
];

// Words that betray a machine's message: zod's defaults, the old "Invalid request." prefix, JSON paths.
const MACHINE_WORDS = /Invalid|expected|received|UUID|pattern|request\.|[<>]=|\/|\w\.\w/;

describe('the validation mapping covers every contract field', () => {
  it('finds the contracts (a walk that finds nothing would prove nothing)', () => {
    expect(new Set(fields.map((field) => field.contract)).size).toBeGreaterThan(40);
    expect(fields.length).toBeGreaterThan(150);
  });

  const keys = [...new Set(fields.map((field) => field.path.at(-1)))].filter(
    (step): step is string => typeof step === 'string',
  );
  it.each(keys)('field "%s" has a label', (key) => {
    expect(FIELD_LABELS[key], `add "${key}" to FIELD_LABELS`).toBeDefined();
  });

  const listKeys = [
    ...new Set(fields.filter((field) => field.isList).map((field) => field.path.at(-1))),
  ];
  it.each(listKeys)('list field "%s" names its items', (key) => {
    expect(LIST_ITEM_NOUNS[String(key)], `add "${String(key)}" to LIST_ITEM_NOUNS`).toBeDefined();
  });

  const table = fields.map(
    (field) => [`${field.contract} ${field.part} ${field.path.join('.')}`, field] as const,
  );
  it.each(table)('%s: every refusal is a sentence naming the field', (_name, field) => {
    const label = labelValidationField(field.path);
    let refusals = 0;
    for (const value of BAD_VALUES) {
      const result = z.safeParse(field.schema, value);
      if (result.success) {
        continue;
      }
      for (const issue of result.error.issues) {
        refusals += 1;
        const fullIssue: ValidationIssue = { ...issue, path: [...field.path, ...issue.path] };
        const sentence = describeValidationIssue(fullIssue);
        expect(sentence, JSON.stringify(fullIssue)).toMatch(/^[A-Z"].*[.?!]$/s);
        expect(sentence, JSON.stringify(fullIssue)).not.toMatch(MACHINE_WORDS);
        if (!isPersonMessage(sentence)) {
          // zod's words are replaced by the label's; a contract's own words name the field. A
          // field holding an object (a category as it would be saved) is refused for one of its
          // own fields, and the sentence names that one: "Name is required."
          const named =
            fullIssue.path.length > field.path.length
              ? labelValidationField(fullIssue.path)
              : label;
          expect(mentionsField(sentence, named), `${sentence} should name ${named}`).toBe(true);
        }
      }
    }
    expect(refusals, 'a field nothing can refuse is not a field').toBeGreaterThan(0);
  });
});

describe('describeValidationIssues', () => {
  it('says what the issue report of a new topic without a namespace says (issue 15, defect 8)', () => {
    const result = contracts.createTopicContract.body!.safeParse({ namespaceId: '', name: 'Pets' });
    expect(result.success).toBe(false);
    const message = describeValidationIssues(result.error?.issues ?? []);
    expect(message).toBe(
      'Namespace is not one the studio knows. Go back, choose it again and retry.',
    );
  });

  it('keeps a spec message word for word over other issues', () => {
    expect(
      describeValidationIssues([
        { path: ['name'], code: 'too_small', origin: 'string', minimum: 1, message: 'x' },
        {
          path: ['pageSize'],
          code: 'custom',
          message: 'We cannot show less than 1 or more than 100 items per page.',
        },
      ]),
    ).toBe('We cannot show less than 1 or more than 100 items per page.');
  });

  it.each([
    [['topics', 1, 'name'], 'Name (topic 2)'],
    [['topics', 0, 'questions', 3, 'alternates', 2], 'Alternate phrasing 3 (topic 1, question 4)'],
    [[], 'The request'],
    [['namespaceId'], 'Namespace'],
    // An invitation's names by email: the entry is named, never the sender's key.
    [['names', 'ann@example.com'], 'A name'],
    [['names'], 'Names'],
    // Issue 53, item 9: a caption's text was "Question (caption 1)".
    [['cues', 0, 'text'], 'Text (caption 1)'],
    [['questions', 1, 'text'], 'Question (question 2)'],
  ])('labels %j as "%s"', (path, label) => {
    expect(labelValidationField(path)).toBe(label);
  });
});
