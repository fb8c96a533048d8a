import { type CurrentUser } from '@conversa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Modal } from '@/components/ui/modal';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useStoryfilePackageJob } from '../api/get-storyfile-package-job';
import { ME_QUERY_KEY, storyfileKeys } from '../api/keys';
import { useStoryfileImportPreview } from '../api/preview-storyfile-import';
import { useStartStoryfileImport } from '../api/start-storyfile-import';
import { NAME_CHECK_DELAY_MS, useNameAvailability } from '../hooks/use-name-availability';
import { describePackageFileProblem } from '../utils/package-job';
import { getEditableNamespaces } from '../utils/permissions';
import { ImportFileStep } from './import-file-step';
import { ImportJobStep } from './import-job-step';
import { ImportUploadStep } from './import-upload-step';
import { ImportConfirmStep } from './import-confirm-step';

/**
 * Uploads a package file through the studio's tus endpoint and answers the upload's id. The
 * uploads feature provides it; the route hands it to the storyfile list.
 */
export type UploadPackage = (
  file: File,
  options: {
    userId: string;
    onProgress?: (sentBytes: number, totalBytes: number) => void;
    signal?: AbortSignal;
  },
) => Promise<string>;

type Upload =
  | { state: 'none' }
  | { state: 'uploading'; file: File; sent: number; total: number; controller: AbortController }
  | { state: 'failed'; file: File; message: string }
  | { state: 'done'; file: File; uploadId: string };

/**
 * "Import package": pick a `.zip`, which uploads through tus with its progress; choose the
 * namespace (when there are several) and the name while the studio's summary of the package
 * shows; confirm; follow the import job; open the new storyfile. A package the studio refuses
 * shows its message, naming the problem.
 *
 * The dialog stays mounted while closed, so an upload or import goes on and shows again on
 * reopening; a finished import starts afresh.
 */
export function ImportPackageDialog({
  user,
  isOpen,
  onOpenChange,
  uploadPackage,
}: {
  user: CurrentUser;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  uploadPackage: UploadPackage;
}) {
  const namespaces = getEditableNamespaces(user);
  const [namespaceId, setNamespaceId] = useState(namespaces[0]?.id ?? '');
  const [upload, setUpload] = useState<Upload>({ state: 'none' });
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  // Null until the person edits the name: until then it follows the studio's proposal.
  const [nameDraft, setNameDraft] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const openLinkRef = useRef<HTMLAnchorElement>(null);
  // Each step replaces the controls of the one before: focus moves to the new step's first
  // words, so a keyboard or screen reader user is not left on the page's body.
  const stepRef = useRef<HTMLParagraphElement>(null);

  const uploadId = upload.state === 'done' ? upload.uploadId : null;
  const startImport = useStartStoryfileImport();
  const preview = useStoryfileImportPreview(
    uploadId === null || jobId !== null || namespaceId === '' ? null : { uploadId, namespaceId },
  );
  const proposal = preview.data?.namespaceId === namespaceId ? preview.data : undefined;
  const name = nameDraft ?? proposal?.name ?? '';
  const isCustomName = nameDraft !== null && nameDraft.trim() !== proposal?.name;
  const availability = useNameAvailability({
    name: isCustomName ? name : '',
    namespaceId,
  });
  const settledName = useDebouncedValue(name.trim(), NAME_CHECK_DELAY_MS);
  const job = useStoryfilePackageJob(jobId);
  const jobData = job.data;
  const importedId = jobData?.state === 'done' ? jobData.storyfileId : null;

  const step = jobId !== null ? 'import' : upload.state;
  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current === step) {
      return;
    }
    previousStep.current = step;
    if (step === 'none' || step === 'failed') {
      fileInputRef.current?.focus();
    } else {
      stepRef.current?.focus();
    }
  }, [step]);

  useEffect(() => {
    if (importedId === null) {
      return;
    }
    void queryClient.invalidateQueries({ queryKey: storyfileKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    openLinkRef.current?.focus();
  }, [importedId, queryClient]);

  function reset() {
    if (upload.state === 'uploading') {
      upload.controller.abort();
    }
    setUpload({ state: 'none' });
    setFileProblem(null);
    setNameDraft(null);
    setJobId(null);
    startImport.reset();
  }

  function close(isNowOpen: boolean) {
    // A finished or failed import starts afresh next time; an upload or import under way goes on.
    if (!isNowOpen && (importedId !== null || jobData?.state === 'failed')) {
      reset();
    }
    onOpenChange(isNowOpen);
  }

  function chooseAnother() {
    reset();
  }

  function startUpload(file: File) {
    const problem = describePackageFileProblem(file);
    setFileProblem(problem);
    if (problem !== null) {
      return;
    }
    const controller = new AbortController();
    setNameDraft(null);
    setUpload({ state: 'uploading', file, sent: 0, total: file.size, controller });
    uploadPackage(file, {
      userId: user.iam,
      signal: controller.signal,
      onProgress: (sent, total) =>
        setUpload((current) =>
          current.state === 'uploading' && current.controller === controller
            ? { ...current, sent, total }
            : current,
        ),
    }).then(
      (id) =>
        setUpload((current) =>
          current.state === 'uploading' && current.controller === controller
            ? { state: 'done', file, uploadId: id }
            : current,
        ),
      (error: unknown) => {
        if (controller.signal.aborted) {
          return;
        }
        setUpload({
          state: 'failed',
          file,
          message: error instanceof Error ? error.message : String(error),
        });
      },
    );
  }

  let blocker: string | null = null;
  if (proposal === undefined) {
    blocker = preview.error ? null : 'To import, wait for the summary of the package.';
  } else if (name.trim() === '') {
    blocker = 'To import, give the storyfile a name.';
  } else if (isCustomName && availability.state === 'taken') {
    blocker = 'To import, choose a name no other storyfile in this namespace uses.';
  } else if (isCustomName && settledName !== name.trim()) {
    blocker = 'To import, wait for the name to be checked.';
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (uploadId === null || proposal === undefined || blocker !== null) {
      return;
    }
    startImport.mutate(
      { uploadId, namespaceId, ...(isCustomName ? { name: name.trim() } : {}) },
      { onSuccess: (started) => setJobId(started.id) },
    );
  }

  let body: React.ReactNode;
  if (jobId !== null) {
    body = (
      <ImportJobStep
        stepRef={stepRef}
        openLinkRef={openLinkRef}
        name={name}
        namespaceLabel={namespaces.find((namespace) => namespace.id === namespaceId)?.label}
        job={job}
        onChooseAnother={chooseAnother}
        onClose={() => close(false)}
      />
    );
  } else if (upload.state === 'none' || upload.state === 'failed') {
    body = (
      <ImportFileStep
        fileInputRef={fileInputRef}
        fileProblem={fileProblem}
        failedUpload={upload.state === 'failed' ? upload : null}
        onPick={startUpload}
        onClose={() => close(false)}
      />
    );
  } else if (upload.state === 'uploading') {
    body = (
      <ImportUploadStep
        stepRef={stepRef}
        upload={upload}
        onChooseAnother={chooseAnother}
        onClose={() => close(false)}
      />
    );
  } else {
    body = (
      <ImportConfirmStep
        stepRef={stepRef}
        file={upload.file}
        namespaces={namespaces}
        namespaceId={namespaceId}
        onNamespaceChange={setNamespaceId}
        previewError={preview.error}
        proposal={proposal}
        name={name}
        onNameChange={setNameDraft}
        isCustomName={isCustomName}
        availability={availability}
        startImport={startImport}
        blocker={blocker}
        onSubmit={submit}
        onChooseAnother={chooseAnother}
      />
    );
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={close}
      title="Import package"
      description="Create a storyfile from a package exported from this or another studio: its script, clips, videos, captions, ink story and vocabulary."
    >
      {body}
    </Modal>
  );
}
