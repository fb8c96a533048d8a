import type { CategoryImportPreview as Preview } from '@conversa/contracts';
import { CATEGORY_CSV_PHRASE_SEPARATOR } from '@conversa/contracts';
import { formatCount, formatNumber } from '@/lib/format';
import { ChangeEffectPreview } from './change-effect-preview';

const joinPhrases = (phrases: readonly string[]) =>
  phrases.join(` ${CATEGORY_CSV_PHRASE_SEPARATOR} `);

/**
 * What a category CSV import would change, before it runs: each row (a new category, or the
 * phrases it replaces) and what it would do to past questions, as a single category's form shows.
 */
export function CategoryImportPreview({ preview }: { preview: Preview }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        {formatCount(preview.created, 'category', 'categories')} created,{' '}
        {formatNumber(preview.updated)} replaced.
      </p>
      <ul
        aria-label="Rows to import"
        className="max-h-64 space-y-2 overflow-y-auto rounded-lg border border-slate-200 p-2 text-sm"
      >
        {preview.rows.map((row) => (
          <li key={row.row} className="break-words">
            <span className="font-medium text-slate-900">
              {row.action === 'create' ? 'New' : 'Replaces'} “{row.name}”
            </span>
            <span className="text-slate-600">
              {' '}
              ({row.storyfileName === null ? 'whole namespace' : row.storyfileName}, row{' '}
              {formatNumber(row.row)})
            </span>
            {row.previousPhrases === null ? null : (
              <span className="block text-slate-500">Now: {joinPhrases(row.previousPhrases)}</span>
            )}
            <span className="block text-slate-700">
              {row.action === 'create' ? 'Phrases' : 'Becomes'}: {joinPhrases(row.phrases)}
            </span>
          </li>
        ))}
      </ul>
      <ChangeEffectPreview isEnabled error={null} data={preview.effect} idleText="" />
    </div>
  );
}
