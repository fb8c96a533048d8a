import { STORYFILE_PACKAGE_EXTENSION, STORYFILE_PACKAGE_MEDIA_TYPE } from '@conversa/contracts';
import { useId, type RefObject } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from './field';

/** The import dialog's first step: pick the package file (again, after a failed upload). */
export function ImportFileStep({
  fileInputRef,
  fileProblem,
  failedUpload,
  onPick,
  onClose,
}: {
  fileInputRef: RefObject<HTMLInputElement | null>;
  fileProblem: string | null;
  failedUpload: { file: File; message: string } | null;
  onPick: (file: File) => void;
  onClose: () => void;
}) {
  const ids = { file: useId() };
  return (
    <div className="space-y-4">
      <Field
        id={ids.file}
        label="Package file"
        hint={`A ${STORYFILE_PACKAGE_EXTENSION} package exported from a Conversa studio.`}
      >
        <input
          ref={fileInputRef}
          id={ids.file}
          type="file"
          accept={`${STORYFILE_PACKAGE_EXTENSION},${STORYFILE_PACKAGE_MEDIA_TYPE}`}
          data-autofocus
          aria-invalid={fileProblem !== null}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file !== undefined) {
              onPick(file);
            }
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-50"
        />
      </Field>
      {fileProblem === null ? null : <Alert kind="error">{fileProblem}</Alert>}
      {failedUpload ? (
        <Alert kind="error">
          “{failedUpload.file.name}” did not upload: {failedUpload.message} Pick it again to
          continue from where it stopped.
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button variant="cancel" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
