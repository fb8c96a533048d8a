import { type StoryfileImportPreview } from '@conversa/contracts';
import { FileArchive } from 'lucide-react';
import { useId, type FormEvent, type RefObject } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format';
import type { useStartStoryfileImport } from '../api/start-storyfile-import';
import type { NameAvailability } from '../hooks/use-name-availability';
import type { getEditableNamespaces } from '../utils/permissions';
import { NamespaceField } from './namespace-field';
import { StoryfileNameField } from './storyfile-name-field';
import { PreviewSummary } from './import-package-summary';
import { PackageProgress } from './package-progress';

/**
 * The import dialog's confirm step, once the package is uploaded: the namespace (when there are
 * several), the name (the studio's proposal until edited), the package's summary, and Import.
 */
export function ImportConfirmStep({
  stepRef,
  file,
  namespaces,
  namespaceId,
  onNamespaceChange,
  previewError,
  proposal,
  name,
  onNameChange,
  isCustomName,
  availability,
  startImport,
  blocker,
  onSubmit,
  onChooseAnother,
}: {
  stepRef: RefObject<HTMLParagraphElement | null>;
  file: File;
  namespaces: ReturnType<typeof getEditableNamespaces>;
  namespaceId: string;
  onNamespaceChange: (namespaceId: string) => void;
  previewError: Error | null;
  /** The studio's summary for the chosen namespace; undefined while it is read. */
  proposal: StoryfileImportPreview | undefined;
  name: string;
  onNameChange: (name: string) => void;
  isCustomName: boolean;
  availability: NameAvailability;
  startImport: Pick<ReturnType<typeof useStartStoryfileImport>, 'error' | 'isPending'>;
  blocker: string | null;
  onSubmit: (event: FormEvent) => void;
  onChooseAnother: () => void;
}) {
  const ids = { blocker: useId() };
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <p
        ref={stepRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-sm wrap-anywhere text-slate-700 outline-none"
      >
        <FileArchive className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        Uploaded “{file.name}” ({formatBytes(file.size)}).
      </p>
      <NamespaceField
        namespaces={namespaces}
        namespaceId={namespaceId}
        onChange={onNamespaceChange}
      />
      {previewError ? (
        <Alert kind="error">This package cannot be imported: {previewError.message}</Alert>
      ) : proposal === undefined ? (
        <PackageProgress label="Package check" percent={0} text="Reading the package’s summary…" />
      ) : (
        <>
          <StoryfileNameField
            label="Name"
            hint="The new storyfile’s name in this namespace; you may change it."
            value={name}
            onChange={onNameChange}
            availability={availability}
            isRequired
            isInvalid={isCustomName && availability.state === 'taken'}
            renderFeedback={
              isCustomName
                ? undefined
                : (id) => (
                    <p id={id} className="mt-1 min-h-5 text-sm wrap-anywhere text-slate-600">
                      {proposal.isNameTaken
                        ? `“${proposal.packageName}” is taken in ${proposal.namespaceLabel}, so it is imported as “${proposal.name}”.`
                        : null}
                    </p>
                  )
            }
          />
          <PreviewSummary preview={proposal} />
        </>
      )}
      {startImport.error ? (
        <Alert kind="error">The import could not start: {startImport.error.message}</Alert>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2 pt-2">
        <p id={ids.blocker} className="mr-auto text-sm text-slate-600">
          {blocker}
        </p>
        <Button onClick={onChooseAnother}>Choose another file</Button>
        <Button
          type="submit"
          variant="primary"
          isLoading={startImport.isPending}
          disabled={blocker !== null || previewError !== null}
          aria-describedby={ids.blocker}
        >
          Import storyfile
        </Button>
      </div>
    </form>
  );
}
