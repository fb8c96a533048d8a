import {
  CATEGORY_CSV_PHRASE_SEPARATOR,
  describeAppliedEffect,
  type CategoryImportPreview as Preview,
} from '@conversa/contracts';
import { useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatNumber } from '@/lib/format';
import {
  useExportCategories,
  useImportCategories,
  usePreviewCategoryImport,
} from '../api/categories';
import { CategoryImportPreview } from './category-import-preview';

/** Hands a text to the browser as a file download. */
function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * CSV export and import of a namespace's categories. Import previews first what each row does (a
 * row named like an existing category replaces its phrases) and what it does to past questions,
 * then asks; the server checks every row and writes all or none.
 */
export function CategoryCsvPanel({
  namespaceId,
  canEdit,
}: {
  namespaceId: string;
  canEdit: boolean;
}) {
  const fileFieldId = useId();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const exportCsv = useExportCategories();
  const importCsv = useImportCategories();
  const previewCsv = usePreviewCategoryImport();
  const [pending, setPending] = useState<{
    fileName: string;
    csv: string;
    preview: Preview;
  } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);

  const chooseFile = async (file: File | undefined) => {
    setResult(null);
    setReadError(null);
    importCsv.reset();
    previewCsv.reset();
    if (!file) {
      return;
    }
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setReadError(`"${file.name}" could not be read. Choose the file again.`);
      return;
    }
    previewCsv.mutate(
      { namespaceId, csv },
      {
        onSuccess: (preview) => setPending({ fileName: file.name, csv, preview }),
        onError: clearFileInput,
      },
    );
  };

  function clearFileInput() {
    if (fileInputRef.current) {
      fileInputRef.current.value = '';
    }
  }

  return (
    <section
      aria-labelledby={`${fileFieldId}-heading`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`${fileFieldId}-heading`} className="font-semibold text-slate-900">
        CSV import and export
      </h2>
      <p className="text-sm text-slate-600">
        One category a row, with the columns name, phrases (separated by &quot;
        {CATEGORY_CSV_PHRASE_SEPARATOR}&quot;) and storyfile (empty for the whole namespace).
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          isLoading={exportCsv.isPending}
          onClick={() =>
            exportCsv.mutate(namespaceId, {
              onSuccess: (file) => downloadText(file.fileName, file.csv),
            })
          }
        >
          Export CSV
        </Button>
        {canEdit ? (
          <>
            <label htmlFor={fileFieldId} className="sr-only">
              CSV file to import
            </label>
            <input
              ref={fileInputRef}
              id={fileFieldId}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              onChange={(event) => void chooseFile(event.target.files?.[0])}
            />
            <Button
              onClick={() => fileInputRef.current?.click()}
              isLoading={importCsv.isPending || previewCsv.isPending}
            >
              Import CSV
            </Button>
          </>
        ) : null}
      </div>
      {exportCsv.error ? <Alert kind="error">{exportCsv.error.message}</Alert> : null}
      {readError ? <Alert kind="error">{readError}</Alert> : null}
      {previewCsv.error ? (
        <Alert kind="error">
          <span className="whitespace-pre-line">{previewCsv.error.message}</span>
        </Alert>
      ) : null}
      {importCsv.error ? (
        <Alert kind="error">
          <span className="whitespace-pre-line">{importCsv.error.message}</span>
        </Alert>
      ) : null}
      <p className="text-sm text-slate-700" aria-live="polite">
        {result}
      </p>
      <ConfirmDialog
        isOpen={pending !== null}
        onCancel={() => {
          setPending(null);
          clearFileInput();
        }}
        title="Import categories?"
        description={`What importing "${pending?.fileName ?? ''}" changes. Nothing is written until you import, and then every row or none.`}
        confirmText="Import"
        isPending={importCsv.isPending}
        onConfirm={() => {
          if (!pending) {
            return;
          }
          importCsv.mutate(
            { namespaceId, csv: pending.csv },
            {
              onSuccess: (imported) =>
                setResult(
                  `Imported: ${formatNumber(imported.created)} created, ${formatNumber(imported.updated)} replaced. ${describeAppliedEffect(imported.effect)}`,
                ),
              onSettled: () => {
                setPending(null);
                clearFileInput();
              },
            },
          );
        }}
      >
        {pending ? <CategoryImportPreview preview={pending.preview} /> : null}
      </ConfirmDialog>
    </section>
  );
}
