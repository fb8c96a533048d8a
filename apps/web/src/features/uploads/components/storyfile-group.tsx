import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import type { VideoUploadEntry } from '../types';
import type { VideoUploadEngine } from '../utils/upload-engine';
import { formatVideoCount, type StoryfileUploadGroup } from '../utils/upload-summary';
import { UploadRow } from './upload-row';
import { ProgressMeter } from './upload-status-label';

function needsAttention(upload: VideoUploadEntry): boolean {
  return upload.phase === 'failed' || upload.needsFile;
}

export function StoryfileGroup({
  engine,
  group,
  firstFailedKey,
}: {
  engine: VideoUploadEngine;
  group: StoryfileUploadGroup;
  firstFailedKey: string | undefined;
}) {
  const [isExpanded, setIsExpanded] = useState(() => group.uploads.some(needsAttention));
  const listId = useId();
  const failed = group.uploads.filter((upload) => upload.phase === 'failed').length;
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-3">
        <h3 className="min-w-0 truncate text-sm font-semibold text-slate-900">
          {group.storyfileName}
        </h3>
        {group.hasProgress ? (
          <span className="text-sm font-semibold text-slate-700 tabular-nums">
            {group.percentage}%
          </span>
        ) : (
          <span className="text-sm font-semibold text-red-700">Failed</span>
        )}
      </div>
      {group.hasProgress ? (
        <ProgressMeter
          value={group.percentage}
          label={`Overall progress of ${group.storyfileName}`}
          className="mt-2 h-2"
        />
      ) : null}
      <div className="mt-2 flex items-center justify-between gap-2">
        <p className="text-xs text-slate-500">
          {formatVideoCount(group.uploads.length)}
          {failed > 0 ? ` · ${failed} failed` : null}
        </p>
        <button
          type="button"
          aria-expanded={isExpanded}
          aria-controls={isExpanded ? listId : undefined}
          aria-label={`${isExpanded ? 'Hide' : 'Show'} videos of ${group.storyfileName}`}
          onClick={() => setIsExpanded(!isExpanded)}
          className="inline-flex items-center gap-1 rounded px-1 text-xs font-semibold text-brand-700 hover:text-brand-800"
        >
          {isExpanded ? (
            <ChevronDown className="size-3.5" aria-hidden="true" />
          ) : (
            <ChevronRight className="size-3.5" aria-hidden="true" />
          )}
          {isExpanded ? 'Hide videos' : 'Show videos'}
        </button>
      </div>
      {isExpanded ? (
        <ul
          id={listId}
          aria-label={`Videos of ${group.storyfileName}`}
          className="mt-2 divide-y divide-slate-100 border-t border-slate-100"
        >
          {group.uploads.map((upload) => (
            <UploadRow
              key={upload.clientKey}
              engine={engine}
              upload={upload}
              isFirstFailed={upload.clientKey === firstFailedKey}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
