import type { StoryfileDetail } from '@conversa/contracts';
import { Download, PackageOpen, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, getButtonClassName } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatBytes, formatUsMediumDateTime } from '@/lib/format';
import { useStoryfilePackageJob } from '../api/get-storyfile-package-job';
import { useStartStoryfileExport } from '../api/start-storyfile-export';
import {
  describePackageJobProgress,
  readRememberedExportJob,
  rememberExportJob,
} from '../utils/package-job';
import { PackageProgress } from './package-progress';

function getStorage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

/**
 * The storyfile's export as a `.zip` package: what the Export package button started (or the
 * last export, kept across visits in local storage), its progress while the job runs, then the
 * download through its signed link. `startSignal` changes each time the button is pressed.
 */
function useStoryfileExport(storyfileId: string) {
  const [jobId, setJobId] = useState<string | null>(() => {
    const storage = getStorage();
    return storage === null ? null : readRememberedExportJob(storage, storyfileId);
  });
  const start = useStartStoryfileExport();
  const job = useStoryfilePackageJob(jobId);

  const forget = () => {
    const storage = getStorage();
    if (storage !== null) {
      rememberExportJob(storage, storyfileId, null);
    }
    setJobId(null);
    start.reset();
  };

  // A remembered job the studio no longer knows (expired, or another person's browser) is
  // forgotten: it shows as no export, and leaves local storage.
  const isGone = job.error instanceof ApiError && job.error.status === 404;
  useEffect(() => {
    const storage = getStorage();
    if (isGone && storage !== null) {
      rememberExportJob(storage, storyfileId, null);
    }
  }, [isGone, storyfileId]);

  const begin = () =>
    start.mutate(storyfileId, {
      onSuccess: (started) => {
        const storage = getStorage();
        if (storage !== null) {
          rememberExportJob(storage, storyfileId, started.id);
        }
        setJobId(started.id);
      },
    });

  return { jobId: isGone ? null : jobId, job, start, begin, forget };
}

export type StoryfileExport = ReturnType<typeof useStoryfileExport>;
export { useStoryfileExport };

/** The Export package button of the storyfile's actions. */
export function ExportPackageButton({ state }: { state: StoryfileExport }) {
  const current = state.job.data;
  const isRunning =
    state.start.isPending ||
    (state.jobId !== null &&
      (current === undefined || current.state === 'queued' || current.state === 'running'));
  return (
    <Button
      icon={<PackageOpen className="size-4" aria-hidden="true" />}
      isLoading={state.start.isPending}
      disabled={isRunning}
      aria-describedby={isRunning ? 'storyfile-export-status' : undefined}
      onClick={state.begin}
    >
      Export package
    </Button>
  );
}

/** Progress, download or failure of the storyfile's export; nothing while there is none. */
export function ExportPackagePanel({
  storyfile,
  state,
}: {
  storyfile: StoryfileDetail;
  state: StoryfileExport;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { jobId, job, start } = state;
  const data = job.data;

  // Pressing Export package disables it while the job runs: focus goes to the export's panel,
  // where the progress is read out, rather than to the page's body.
  const startedId = start.data?.id;
  useEffect(() => {
    if (startedId !== undefined) {
      headingRef.current?.focus();
    }
  }, [startedId]);

  if (start.error) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Alert kind="error" className="min-w-0 flex-1">
          The export could not start: {start.error.message}
        </Alert>
        <Button size="sm" variant="cancel" onClick={state.forget}>
          Dismiss
        </Button>
      </div>
    );
  }
  if (jobId === null) {
    return null;
  }

  let body: React.ReactNode;
  if (data === undefined) {
    body = job.error ? (
      <div className="flex flex-wrap items-center gap-3">
        <Alert kind="error" className="min-w-0 flex-1">
          The export’s progress could not be loaded: {job.error.message}
        </Alert>
        <Button size="sm" onClick={() => void job.refetch()}>
          Try again
        </Button>
      </div>
    ) : (
      <PackageProgress label="Export progress" percent={0} text="Loading the export’s progress…" />
    );
  } else if (data.state === 'failed') {
    body = (
      <div className="space-y-3">
        <Alert kind="error">{data.error ?? 'The export failed.'}</Alert>
        <Button size="sm" onClick={state.begin} isLoading={start.isPending}>
          Export again
        </Button>
      </div>
    );
  } else if (data.state === 'done') {
    body = (
      <div className="space-y-3">
        <p role="status" className="text-sm text-slate-700">
          The package is ready
          {data.sizeBytes === null ? '' : ` (${formatBytes(data.sizeBytes)})`}. It holds the script,
          clips, videos, captions, ink story and vocabulary; no chat logs, people or share link.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {data.downloadUrl === null ? (
            <Alert kind="warning">The download link is not available yet.</Alert>
          ) : (
            <a
              href={data.downloadUrl}
              download={data.fileName ?? ''}
              className={getButtonClassName('primary')}
            >
              <Download className="size-4" aria-hidden="true" />
              Download package
            </a>
          )}
          <Button onClick={state.begin} isLoading={start.isPending}>
            Export again
          </Button>
        </div>
        {data.fileName === null ? null : (
          <p className="text-xs wrap-anywhere text-slate-500">
            {data.fileName}
            {data.downloadExpiresAt === null
              ? ''
              : ` · the link works until ${formatUsMediumDateTime(data.downloadExpiresAt)} and is renewed while this page is open`}
          </p>
        )}
      </div>
    );
  } else {
    body = (
      <PackageProgress
        label="Export progress"
        percent={data.progress}
        text={describePackageJobProgress(data)}
      />
    );
  }

  return (
    <section
      aria-labelledby="storyfile-export-heading"
      id="storyfile-export-status"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          id="storyfile-export-heading"
          ref={headingRef}
          tabIndex={-1}
          className="min-w-0 text-base font-semibold wrap-anywhere text-slate-900 outline-none"
        >
          Package of “{data?.storyfileName ?? storyfile.name}”
        </h2>
        {data !== undefined && (data.state === 'done' || data.state === 'failed') ? (
          <button
            type="button"
            onClick={state.forget}
            aria-label="Close the export"
            title="Close the export"
            className="-m-1 shrink-0 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {body}
    </section>
  );
}
