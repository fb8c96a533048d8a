import { ArrowRight } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { useStoryfilePackageJob } from '../api/get-storyfile-package-job';
import { describePackageJobProgress } from '../utils/package-job';
import { PackageProgress } from './package-progress';

/** The import dialog's last step: the import job's progress, then the new storyfile's link. */
export function ImportJobStep({
  stepRef,
  openLinkRef,
  name,
  namespaceLabel,
  job,
  onChooseAnother,
  onClose,
}: {
  stepRef: RefObject<HTMLParagraphElement | null>;
  openLinkRef: RefObject<HTMLAnchorElement | null>;
  /** The name asked for, until the job tells the storyfile's. */
  name: string;
  namespaceLabel: string | undefined;
  job: ReturnType<typeof useStoryfilePackageJob>;
  onChooseAnother: () => void;
  onClose: () => void;
}) {
  const jobData = job.data;
  const importedId = jobData?.state === 'done' ? jobData.storyfileId : null;
  // Until the job has read the package, its name is the .zip file's ("corrupt"): the name the
  // preview proposed (or the one asked for) is the storyfile's (issue 44).
  const shownName =
    jobData?.state === 'done' || name === '' ? (jobData?.storyfileName ?? name) : name;
  return (
    <div className="space-y-4">
      <p ref={stepRef} tabIndex={-1} className="text-sm wrap-anywhere text-slate-700 outline-none">
        Importing “{shownName}” into {namespaceLabel ?? 'the namespace'}.
      </p>
      {jobData === undefined ? (
        job.error ? (
          <Alert kind="error">The import’s progress could not be loaded: {job.error.message}</Alert>
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
            <Button variant="cancel" onClick={onChooseAnother}>
              Import another
            </Button>
            <Link
              ref={openLinkRef}
              to={`/storyfiles/${importedId}`}
              onClick={onClose}
              className="inline-flex h-10 max-w-full items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              <span className="min-w-0 truncate">Open “{jobData?.storyfileName}”</span>
              <ArrowRight className="size-4 shrink-0" aria-hidden="true" />
            </Link>
          </>
        ) : jobData?.state === 'failed' || (jobData === undefined && job.error) ? (
          <Button variant="primary" onClick={onChooseAnother}>
            Choose another file
          </Button>
        ) : (
          <Button variant="cancel" onClick={onClose}>
            Hide while it imports
          </Button>
        )}
      </div>
    </div>
  );
}
