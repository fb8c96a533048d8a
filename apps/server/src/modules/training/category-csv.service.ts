import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  CATEGORY_CSV_COLUMNS,
  CATEGORY_CSV_NOTHING_IMPORTED,
  CATEGORY_CSV_PHRASE_SEPARATOR,
  categoryBodySchema,
  type CategoryCsv,
  type CategoryImportPreview,
  type CurrentUser,
  type ImportedCategories,
  type exportCategoriesQuerySchema,
  type importCategoriesBodySchema,
} from '@conversa/contracts';
import { normalizeText } from '@conversa/matching';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { ConversationEngine } from '../conversations/index.ts';
import { badRequest } from '../../http/errors.ts';
import { assertNamespaceExists, assertNamespaceRole } from '../lists/index.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { previewCategoryImportEffect } from './category-effect.ts';

type ExportQuery = z.output<typeof exportCategoriesQuerySchema>;
type ImportBody = z.output<typeof importCategoriesBodySchema>;

/** At most this many row problems are named in one refusal (the rest are counted). */
const MAX_LISTED_ROW_PROBLEMS = 20;

/** A namespace's categories as CSV; a storyfile's addition names its storyfile. */
export async function exportCategories(
  db: Database,
  user: CurrentUser,
  query: ExportQuery,
): Promise<CategoryCsv> {
  assertNamespaceRole(user, query.namespaceId, 'read:ns');
  await assertNamespaceExists(db, query.namespaceId);
  const result = await db.execute<{
    name: string;
    phrases: string[];
    storyfile: string | null;
  }>(sql`
    select c.name, c.phrases, s.name as storyfile
    from custom_categories c left join ${storyfiles} s on s.id = c.storyfile_id
    where c.namespace_id = ${query.namespaceId}
    order by s.name nulls first, lower(c.name), c.id`);
  const csv = Papa.unparse({
    fields: [...CATEGORY_CSV_COLUMNS],
    data: result.rows.map((row) => [
      row.name,
      row.phrases.join(CATEGORY_CSV_PHRASE_SEPARATOR),
      row.storyfile ?? '',
    ]),
  });
  return { fileName: 'custom-categories.csv', csv, count: result.rows.length };
}

interface PlannedRow {
  row: number;
  name: string;
  phrases: string[];
  normalized: string[];
  storyfileId: string | null;
  storyfileName: string | null;
}

/** Every row checked, what it replaces, and what it all does to past questions. */
interface ImportPlan {
  planned: PlannedRow[];
  preview: CategoryImportPreview;
}

function describeIssue(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join(' ');
}

/**
 * Parses and validates every row (papaparse, then the category contract's own rules), or refuses
 * with every bad row named by its line number (the header is row 1); then works out what each row
 * does (a row whose name exists in its scope replaces that category's phrases) and the effect of
 * them all on past questions. Writes nothing: the preview answers it, the import writes it.
 */
async function planCategoryImport(
  engine: ConversationEngine,
  user: CurrentUser,
  body: ImportBody,
): Promise<ImportPlan> {
  const { db } = engine;
  assertNamespaceRole(user, body.namespaceId, 'edit:ns');
  await assertNamespaceExists(db, body.namespaceId);
  const parsed = Papa.parse<Record<string, string>>(body.csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  const missing = ['name', 'phrases'].filter((column) => !fields.includes(column));
  if (missing.length > 0) {
    throw badRequest(
      `${CATEGORY_CSV_NOTHING_IMPORTED} The first row must name the columns ${CATEGORY_CSV_COLUMNS.join(', ')} (storyfile may be left out); ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing.`,
    );
  }
  const namespaceStoryfiles = await db.execute<{ id: string; name: string }>(sql`
    select id, name from ${storyfiles} where namespace_id = ${body.namespaceId} and deleted_at is null`);
  const storyfileIds = new Map<string, string[]>();
  for (const row of namespaceStoryfiles.rows) {
    const key = row.name.trim().toLowerCase();
    storyfileIds.set(key, [...(storyfileIds.get(key) ?? []), row.id]);
  }

  const problems: string[] = [];
  const planned: PlannedRow[] = [];
  const seen = new Map<string, number>();
  // papaparse reports a malformed row (an unclosed quote, too many cells) by its data row index.
  for (const error of parsed.errors) {
    if (error.row !== undefined && error.type !== 'Delimiter' && error.code !== 'TooFewFields') {
      problems.push(`Row ${error.row + 2}: ${error.message}.`);
    }
  }
  parsed.data.forEach((record, index) => {
    const rowNumber = index + 2;
    const storyfileName = (record.storyfile ?? '').trim();
    let storyfileId: string | null = null;
    let storyfileLabel: string | null = null;
    if (storyfileName !== '') {
      const ids = storyfileIds.get(storyfileName.toLowerCase()) ?? [];
      if (ids.length !== 1) {
        problems.push(
          ids.length === 0
            ? `Row ${rowNumber}: no storyfile named "${storyfileName}" in this namespace.`
            : `Row ${rowNumber}: several storyfiles are named "${storyfileName}"; rename one first.`,
        );
        return;
      }
      storyfileId = ids[0]!;
      storyfileLabel = namespaceStoryfiles.rows.find((row) => row.id === storyfileId)!.name;
    }
    const checked = categoryBodySchema.safeParse({
      name: record.name ?? '',
      phrases: (record.phrases ?? '').split(CATEGORY_CSV_PHRASE_SEPARATOR),
    });
    if (!checked.success) {
      problems.push(`Row ${rowNumber}: ${describeIssue(checked.error)}`);
      return;
    }
    const phrases: string[] = [];
    const normalized: string[] = [];
    for (const phrase of checked.data.phrases) {
      const key = normalizeText(phrase);
      if (!normalized.includes(key)) {
        normalized.push(key);
        phrases.push(phrase);
      }
    }
    if (phrases.length < 2) {
      problems.push(`Row ${rowNumber}: A category needs at least two different phrases.`);
      return;
    }
    const scopeKey = `${storyfileId ?? ''}|${checked.data.name.toLowerCase()}`;
    const earlier = seen.get(scopeKey);
    if (earlier !== undefined) {
      problems.push(
        `Row ${rowNumber}: the category "${checked.data.name}" is also on row ${earlier}.`,
      );
      return;
    }
    seen.set(scopeKey, rowNumber);
    planned.push({
      row: rowNumber,
      name: checked.data.name,
      phrases,
      normalized,
      storyfileId,
      storyfileName: storyfileLabel,
    });
  });
  if (parsed.data.length === 0 && problems.length === 0) {
    problems.push('The file has no category rows under its header.');
  }
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED_ROW_PROBLEMS);
    const more = problems.length - listed.length;
    throw badRequest(
      [CATEGORY_CSV_NOTHING_IMPORTED, ...listed, ...(more > 0 ? [`…and ${more} more.`] : [])].join(
        '\n',
      ),
    );
  }

  // What the import does to past questions, worked out before it is written as a single
  // category's save does (issue 28): each row replaces the category of its name in its scope.
  const existing = await db.execute<{
    id: string;
    name: string;
    storyfile_id: string | null;
    phrases: string[];
  }>(sql`
    select id, name, storyfile_id, phrases from custom_categories
    where namespace_id = ${body.namespaceId}`);
  const matches = planned.map((row) =>
    existing.rows.find(
      (category) =>
        category.name.toLowerCase() === row.name.toLowerCase() &&
        category.storyfile_id === row.storyfileId,
    ),
  );
  const effect = await previewCategoryImportEffect(
    engine,
    body.namespaceId,
    planned.map((row, index) => ({
      id: matches[index]?.id ?? null,
      storyfileId: row.storyfileId,
      name: row.name,
      phrases: row.phrases,
    })),
  );
  const rows = planned.map((row, index) => ({
    row: row.row,
    name: row.name,
    storyfileName: row.storyfileName,
    action: matches[index] ? ('replace' as const) : ('create' as const),
    phrases: row.phrases,
    previousPhrases: matches[index]?.phrases ?? null,
  }));
  return {
    planned,
    preview: {
      created: rows.filter((row) => row.action === 'create').length,
      updated: rows.filter((row) => row.action === 'replace').length,
      rows,
      effect,
    },
  };
}

/** What importing the CSV would change, nothing written; refused as the import would be. */
export async function previewCategoryImport(
  engine: ConversationEngine,
  user: CurrentUser,
  body: ImportBody,
): Promise<CategoryImportPreview> {
  return (await planCategoryImport(engine, user, body)).preview;
}

/**
 * Checks the CSV as its preview does, then writes every row in one transaction, or none. A row
 * whose name exists in its scope replaces that category's phrases.
 */
export async function importCategories(
  engine: ConversationEngine,
  user: CurrentUser,
  body: ImportBody,
): Promise<ImportedCategories> {
  const { db } = engine;
  const {
    planned,
    preview: { effect },
  } = await planCategoryImport(engine, user, body);
  const counts = await db.transaction(async (tx) => {
    let created = 0;
    let updated = 0;
    for (const row of planned) {
      const existing = await tx.execute<{ id: string }>(sql`
        select id from custom_categories
        where namespace_id = ${body.namespaceId} and lower(name) = lower(${row.name})
          and storyfile_id is not distinct from ${row.storyfileId}::uuid
        for update`);
      const id = existing.rows[0]?.id;
      if (id) {
        await tx.execute(sql`update custom_categories set phrases = ${sql.param(row.phrases)}::text[],
          normalized_phrases = ${sql.param(row.normalized)}::text[], updated_by = ${user.iam},
          updated_at = now() where id = ${id}`);
        updated++;
      } else {
        await tx.execute(sql`insert into custom_categories
          (namespace_id, storyfile_id, name, phrases, normalized_phrases, created_by, updated_by)
          values (${body.namespaceId}, ${row.storyfileId}, ${row.name}, ${sql.param(row.phrases)}::text[],
            ${sql.param(row.normalized)}::text[], ${user.iam}, ${user.iam})`);
        created++;
      }
    }
    return { created, updated };
  });
  return { ...counts, effect };
}
