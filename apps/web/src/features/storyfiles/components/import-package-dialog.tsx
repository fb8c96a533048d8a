import {
  NAME_MAX_LENGTH,
  STORYFILE_PACKAGE_EXTENSION,
  STORYFILE_PACKAGE_MEDIA_TYPE,
  type CurrentUser,
  type StoryfileImportPreview,
} from '@conversa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, FileArchive } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CharacterCount } from '@/components/ui/character-count';
import { Modal } from '@/components/ui/modal';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatBytes, formatCount, formatUsMediumDateTime } from '@/lib/format';
import { useStoryfilePackageJob } from '../api/get-storyfile-package-job';
import { ME_QUERY_KEY, storyfileKeys } from '../api/keys';
import { useStoryfileImportPreview } from '../api/preview-storyfile-import';
import { useStartStoryfileImport } from '../api/start-storyfile-import';
import { NAME_CHECK_DELAY_MS, useNameAvailability } from '../hooks/use-name-availability';
import { describePackageFileProblem, describePackageJobProgress } from '../utils/package-job';
import { getEditableNamespaces } from '../utils/permissions';
import { Field, INPUT_CLASS } from './field';
import { NameFeedback } from './name-feedback';
import { PackageProgress } from './package-progress';

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

function PreviewSummary({ preview }: { preview: StoryfileImportPreview }) {
  const counts = preview.counts;
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">In the package</dt>
        <dd className="wrap-anywhere text-slate-900">{preview.packageName}</dd>
        <dt className="font-medium text-slate-600">Exported</dt>
        <dd className="wrap-anywhere text-slate-900">
          {formatUsMediumDateTime(preview.exportedAt)} from {preview.exportedFrom}
        </dd>
        <dt className="font-medium text-slate-600">Language</dt>
        <dd className="text-slate-900">{preview.language}</dd>
        <dt className="font-medium text-slate-600">Size</dt>
        <dd className="text-slate-900">
          {formatBytes(preview.sizeBytes)} package, {formatBytes(preview.mediaBytes)} of media
        </dd>
        <dt className="font-medium text-slate-600">Contents</dt>
        <dd className="text-slate-900">
          {formatCount(counts.topics, 'topic')}, {formatCount(counts.questions, 'question')} (
          {formatCount(counts.alternates, 'alternate')}), {formatCount(counts.videos, 'video')},{' '}
          {formatCount(counts.captions, 'caption file')}
        </dd>
      </dl>
      {preview.willCreate.length === 0 ? null : (
        <div>
          <h3 className="font-semibold text-slate-900">What will be created</h3>
          <ul aria-label="What will be created" className="mt-1 list-disc space-y-0.5 pl-5">
            {preview.willCreate.map((line) => (
              <li key={line} className="wrap-anywhere text-slate-700">
                {line}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

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
  const ids = {
    file: useId(),
    namespace: useId(),
    name: useId(),
    feedback: useId(),
    count: useId(),
    blocker: useId(),
  };
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
      <div className="space-y-4">
        <p
          ref={stepRef}
          tabIndex={-1}
          className="text-sm wrap-anywhere text-slate-700 outline-none"
        >
          Importing “{jobData?.storyfileName ?? name}” into{' '}
          {namespaces.find((namespace) => namespace.id === namespaceId)?.label ?? 'the namespace'}.
        </p>
        {jobData === undefined ? (
          job.error ? (
            <Alert kind="error">
              The import’s progress could not be loaded: {job.error.message}
            </Alert>
          ) : (
            <PackageProgress label="Import progress" percent={0} text="Starting the import…" />
          )
        ) : jobData.state === 'failed' ? (
          <Alert kind="error">Nothing was imported: {jobData.error ?? 'the import failed.'}</Alert>
        ) : importedId !== null ? (
          <Alert kind="success">Imported “{jobData.storyfileName}”.</Alert>
        ) : (
          <PackageProgress
            label="Import progress"
            percent={jobData.progress}
            text={describePackageJobProgress(jobData)}
          />
        )}
        <div className="flex flex-wrap items-center justify-end gap-2">
          {importedId !== null ? (
            <>
              <Button variant="cancel" onClick={chooseAnother}>
                Import another
              </Button>
              <Link
                ref={openLinkRef}
                to={`/storyfiles/${importedId}`}
                onClick={() => close(false)}
                className="inline-flex h-10 max-w-full items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                <span className="min-w-0 truncate">Open “{jobData?.storyfileName}”</span>
                <ArrowRight className="size-4 shrink-0" aria-hidden="true" />
              </Link>
            </>
          ) : jobData?.state === 'failed' || (jobData === undefined && job.error) ? (
            <Button variant="primary" onClick={chooseAnother}>
              Choose another file
            </Button>
          ) : (
            <Button variant="cancel" onClick={() => close(false)}>
              Hide while it imports
            </Button>
          )}
        </div>
      </div>
    );
  } else if (upload.state === 'none' || upload.state === 'failed') {
    body = (
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
                startUpload(file);
              }
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-50"
          />
        </Field>
        {fileProblem === null ? null : <Alert kind="error">{fileProblem}</Alert>}
        {upload.state === 'failed' ? (
          <Alert kind="error">
            “{upload.file.name}” did not upload: {upload.message} Pick it again to continue from
            where it stopped.
          </Alert>
        ) : null}
        <div className="flex justify-end">
          <Button variant="cancel" onClick={() => close(false)}>
            Cancel
          </Button>
        </div>
      </div>
    );
  } else if (upload.state === 'uploading') {
    const percent = upload.total > 0 ? Math.floor((upload.sent / upload.total) * 100) : 0;
    body = (
      <div className="space-y-4">
        <p ref={stepRef} tabIndex={-1} className="text-sm text-slate-700 outline-none">
          The package uploads first; the studio then shows what it holds before anything is created.
        </p>
        <PackageProgress
          label="Package upload"
          percent={percent}
          text={`Uploading “${upload.file.name}”: ${percent}% (${formatBytes(upload.sent)} of ${formatBytes(upload.total)})`}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="cancel" onClick={() => close(false)}>
            Hide while it uploads
          </Button>
          <Button onClick={chooseAnother}>Cancel upload</Button>
        </div>
      </div>
    );
  } else {
    body = (
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p
          ref={stepRef}
          tabIndex={-1}
          className="flex items-center gap-2 text-sm wrap-anywhere text-slate-700 outline-none"
        >
          <FileArchive className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          Uploaded “{upload.file.name}” ({formatBytes(upload.file.size)}).
        </p>
        {namespaces.length > 1 ? (
          <Field id={ids.namespace} label="Namespace">
            <select
              id={ids.namespace}
              value={namespaceId}
              onChange={(event) => setNamespaceId(event.target.value)}
              className={INPUT_CLASS}
            >
              {namespaces.map((namespace) => (
                <option key={namespace.id} value={namespace.id}>
                  {namespace.label}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        {preview.error ? (
          <Alert kind="error">This package cannot be imported: {preview.error.message}</Alert>
        ) : proposal === undefined ? (
          <PackageProgress
            label="Package check"
            percent={0}
            text="Reading the package’s summary…"
          />
        ) : (
          <>
            <Field
              id={ids.name}
              label="Name"
              hint="The new storyfile’s name in this namespace; you may change it."
            >
              <input
                id={ids.name}
                value={name}
                onChange={(event) => setNameDraft(event.target.value)}
                required
                maxLength={NAME_MAX_LENGTH}
                autoComplete="off"
                aria-invalid={isCustomName && availability.state === 'taken'}
                aria-describedby={`${ids.feedback} ${ids.count}`}
                className={INPUT_CLASS}
              />
              <CharacterCount id={ids.count} length={name.length} max={NAME_MAX_LENGTH} />
              {isCustomName ? (
                <NameFeedback id={ids.feedback} availability={availability} />
              ) : (
                <p id={ids.feedback} className="mt-1 min-h-5 text-sm wrap-anywhere text-slate-600">
                  {proposal.isNameTaken
                    ? `“${proposal.packageName}” is taken in ${proposal.namespaceLabel}, so it is imported as “${proposal.name}”.`
                    : null}
                </p>
              )}
            </Field>
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
          <Button onClick={chooseAnother}>Choose another file</Button>
          <Button
            type="submit"
            variant="primary"
            isLoading={startImport.isPending}
            disabled={blocker !== null || preview.error !== null}
            aria-describedby={ids.blocker}
          >
            Import storyfile
          </Button>
        </div>
      </form>
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
