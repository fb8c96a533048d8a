import type { StoryfileDetail } from '@conversa/contracts';
import { FileVideo, UploadCloud, X } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useToast } from '@/components/ui/toast';
import { formatBytes, formatCount } from '@/lib/format';
import { useUploadEngine } from '../hooks/use-video-uploads';
import { getTargetKey } from '../types';
import {
  assignDefaultTargets,
  CLIPS_GROUP,
  findRowProblems,
  getFileRejection,
  listTargetOptions,
  type TargetOption,
} from '../utils/bulk-mapping';
import { formatVideoCount } from '../utils/upload-summary';
import { VideoFileInput } from './video-file-input';

type Row = {
  id: string;
  file: File;
  targetKey: string | null;
  /** The target its file name matched; the row says so while the person keeps it. */
  matchedKey: string | null;
};

let nextRowId = 0;

function groupOptions(options: readonly TargetOption[]): [string, TargetOption[]][] {
  const groups = new Map<string, TargetOption[]>();
  for (const option of options) {
    groups.set(option.group, [...(groups.get(option.group) ?? []), option]);
  }
  return [...groups.entries()];
}

/**
 * Uploads several existing video files at once: dropped or picked files are each mapped to a
 * question or clip (pre-chosen only when the file name names one, and then said so; otherwise
 * the person chooses), then sent together.
 */
export function BulkUploadPanel({
  storyfile,
  isEditable,
}: {
  storyfile: StoryfileDetail;
  isEditable: boolean;
}) {
  const { engine, entries } = useUploadEngine();
  const { showToast } = useToast();
  const [rows, setRows] = useState<Row[]>([]);
  const [rejections, setRejections] = useState<string[]>([]);
  const [isDragOver, setIsDragOver] = useState(false);
  const headingId = useId();
  const options = listTargetOptions(storyfile);
  const grouped = groupOptions(options);

  if (!isEditable) {
    return null;
  }

  const addFiles = (files: File[]) => {
    const accepted = files.filter((file) => getFileRejection(file) === null);
    setRejections(files.map(getFileRejection).filter((message) => message !== null));
    if (accepted.length === 0) {
      return;
    }
    // Targets already chosen in a row, or with an upload under way, are not offered again.
    const busy = entries
      .filter(
        (entry) =>
          entry.storyfileId === storyfile.id && entry.phase !== 'ready' && entry.phase !== 'failed',
      )
      .map((entry) => getTargetKey(entry.target));
    const taken = new Set([
      ...rows.map((row) => row.targetKey).filter((key) => key !== null),
      ...busy,
    ]);
    const targets = assignDefaultTargets(
      accepted.map((file) => file.name),
      options,
      taken,
    );
    setRows([
      ...rows,
      ...accepted.map((file, index) => {
        nextRowId += 1;
        const key = targets[index] ?? null;
        return { id: `bulk-${nextRowId}`, file, targetKey: key, matchedKey: key };
      }),
    ]);
  };

  const problems = findRowProblems(
    rows.map((row) => ({ id: row.id, fileName: row.file.name, targetKey: row.targetKey })),
  );
  const canUpload = rows.length > 0 && problems.size === 0 && engine !== null;

  const startAll = () => {
    if (!canUpload) {
      return;
    }
    for (const row of rows) {
      const option = options.find((item) => item.key === row.targetKey);
      if (option) {
        engine.start({
          storyfileId: storyfile.id,
          storyfileName: storyfile.name,
          target: option.target,
          file: row.file,
          filename: row.file.name,
          filetype: row.file.type,
        });
      }
    }
    showToast({
      kind: 'success',
      message: `${formatVideoCount(rows.length)} started uploading.`,
    });
    setRows([]);
    setRejections([]);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragOver(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Upload existing videos
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Add several video files at once and choose what each one answers.
      </p>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragOver(true);
        }}
        onDragLeave={() => setIsDragOver(false)}
        onDrop={onDrop}
        data-testid="bulk-drop-zone"
        className={cn(
          'mt-4 flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          isDragOver ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        <UploadCloud className="size-8 text-slate-400" aria-hidden="true" />
        <p className="text-sm text-slate-700">Drop video files here, or</p>
        <VideoFileInput label="Choose video files" isMultiple variant="default" onFiles={addFiles}>
          Choose video files
        </VideoFileInput>
      </div>
      {rejections.length === 0 ? null : (
        <Alert kind="error" className="mt-4">
          {rejections.map((message) => (
            <span key={message} className="block">
              {message}
            </span>
          ))}
        </Alert>
      )}
      {rows.length === 0 ? null : (
        <>
          <ul aria-label="Files to upload" className="mt-4 divide-y divide-slate-100">
            {rows.map((row) => {
              const selectId = `${row.id}-target`;
              const problem = problems.get(row.id);
              return (
                <li key={row.id} className="flex flex-wrap items-center gap-3 py-3">
                  <FileVideo className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
                  <div className="min-w-0 flex-1 basis-40">
                    <p className="truncate text-sm font-medium text-slate-900">{row.file.name}</p>
                    <p className="text-xs text-slate-500">{formatBytes(row.file.size)}</p>
                  </div>
                  <div className="flex min-w-0 flex-1 basis-64 flex-col">
                    <label htmlFor={selectId} className="sr-only">
                      What {row.file.name} answers
                    </label>
                    <select
                      id={selectId}
                      value={row.targetKey ?? ''}
                      aria-invalid={problem === undefined ? undefined : true}
                      aria-describedby={problem === undefined ? undefined : `${row.id}-problem`}
                      onChange={(event) =>
                        setRows(
                          rows.map((item) =>
                            item.id === row.id
                              ? { ...item, targetKey: event.target.value || null }
                              : item,
                          ),
                        )
                      }
                      className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
                    >
                      <option value="">Choose a question or clip…</option>
                      {grouped.map(([group, items]) => (
                        <optgroup key={group} label={group}>
                          {items.map((option) => (
                            <option key={option.key} value={option.key}>
                              {option.label}
                              {option.isRecorded
                                ? group === CLIPS_GROUP
                                  ? ' (recorded: replaces it)'
                                  : ' (recorded: replaces the answer)'
                                : ''}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </select>
                    {problem === undefined ? null : (
                      <p id={`${row.id}-problem`} className="mt-1 text-xs text-red-700">
                        {problem}
                      </p>
                    )}
                    {problem === undefined &&
                    row.matchedKey !== null &&
                    row.targetKey === row.matchedKey ? (
                      <p className="mt-1 text-xs text-slate-600">Matched by its file name.</p>
                    ) : null}
                  </div>
                  <button
                    type="button"
                    aria-label={`Remove ${row.file.name}`}
                    onClick={() => setRows(rows.filter((item) => item.id !== row.id))}
                    className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-red-600"
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="cancel" onClick={() => setRows([])}>
              Clear
            </Button>
            <Button
              variant="primary"
              disabled={!canUpload}
              idText="Upload videos"
              onClick={startAll}
            >
              Upload {formatCount(rows.length, 'video')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
