import {
  CheckCircle2,
  CircleAlert,
  GripVertical,
  Loader2,
  PauseCircle,
  UploadCloud,
  X,
} from 'lucide-react';
import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { cn } from '@/components/ui/cn';
import { useUploadEngine } from '../hooks/use-video-uploads';
import {
  BAR_POSITION_STORAGE_KEY,
  clampBarPosition,
  moveBarByKey,
  readBarPosition,
  type BarPosition,
} from '../utils/bar-position';
import {
  FAILURES_SEEN_EVENT,
  isBarHidden,
  listHiddenUploadKeys,
  markFailuresSeen,
  readHiddenUploadKeys,
  readSeenFailureKeys,
  saveHiddenUploadKeys,
} from '../utils/bar-visibility';
import {
  formatPackageBarText,
  packageUploadStore,
  summarizePackageUploads,
} from '../utils/package-upload-store';
import { formatBarText, summarizeUploads } from '../utils/upload-summary';
import { ProgressMeter } from './upload-status-label';

/**
 * The room the bar moves in: the width of the shell's dock it sits in (the bottom is the dock's
 * own, so only its place along the dock moves).
 */
function getDockArea(bar: HTMLElement | null) {
  // Before layout (no width yet), the window's.
  const width = bar?.parentElement?.clientWidth || window.innerWidth;
  return { width, height: 0 };
}

function savePosition(position: BarPosition) {
  try {
    localStorage.setItem(BAR_POSITION_STORAGE_KEY, JSON.stringify(position));
  } catch {
    // Not kept when storage is refused; the bar still moves.
  }
}

/**
 * The floating upload-progress bar (spec §2), docked at the window's bottom edge: shown while there are uploads to report, it says
 * Uploading, Processing or Uploaded with the count of videos (and of storyfile packages going up
 * for an import, "Uploading 1 package") and opens the status dialog. It
 * carries no failure (each is shown on its question or clip, and in the dialog); hidden, it stays
 * hidden until a new upload starts. Its
 * grip moves it along the dock by pointer or arrow keys; the place is kept in local storage.
 */
export function UploadProgressBar({ onOpen }: { onOpen: () => void }) {
  const { engine, entries } = useUploadEngine();
  const [position, setPosition] = useState<BarPosition>(() =>
    typeof localStorage === 'undefined'
      ? readBarPosition({ getItem: () => null })
      : readBarPosition(localStorage),
  );
  const barRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; start: BarPosition } | null>(null);
  const packages = useSyncExternalStore(
    packageUploadStore.subscribe,
    packageUploadStore.getSnapshot,
    packageUploadStore.getSnapshot,
  );
  // Failures the person has seen in the status dialog (or dismissed here) leave the bar, across
  // reloads too.
  const [seenFailures, setSeenFailures] = useState<ReadonlySet<string>>(() =>
    typeof localStorage === 'undefined' ? new Set() : readSeenFailureKeys(localStorage),
  );
  const videoSummary = summarizeUploads(entries, seenFailures);
  const packageSummary = summarizePackageUploads(packages);
  // Videos lead (their word and meter); a package going up alongside is named after them.
  const summary = videoSummary ?? packageSummary;
  const markSeen = () => setSeenFailures(markFailuresSeen(localStorage, entries));
  // The status dialog opened from a question's row marks them seen too.
  useEffect(() => {
    const reread = () => setSeenFailures(readSeenFailureKeys(localStorage));
    window.addEventListener(FAILURES_SEEN_EVENT, reread);
    return () => window.removeEventListener(FAILURES_SEEN_EVENT, reread);
  }, []);
  // Hidden by the person until a new upload starts, across reloads too.
  const [hiddenKeys, setHiddenKeys] = useState<ReadonlySet<string>>(() =>
    typeof localStorage === 'undefined' ? new Set() : readHiddenUploadKeys(localStorage),
  );
  const isHidden =
    isBarHidden(entries, hiddenKeys) && packages.every((upload) => hiddenKeys.has(upload.key));
  const texts = [
    videoSummary === null ? null : formatBarText(videoSummary),
    packageSummary === null ? null : formatPackageBarText(packageSummary),
  ].filter((part) => part !== null);
  const text = texts.length === 0 ? null : texts.join(' · ');
  const isShown = text !== null && !isHidden;
  const meterPercentage =
    videoSummary?.label === 'Uploading'
      ? videoSummary.percentage
      : packageSummary?.label === 'Uploading'
        ? packageSummary.percentage
        : null;
  const isFinished =
    (videoSummary === null || videoSummary.label === 'Uploaded') &&
    (packageSummary === null || packageSummary.label === 'Uploaded');

  // An upload hidden before the server named it is known by that name after a reload too (this
  // page already knows it by its client key).
  useEffect(() => {
    if (!isHidden) {
      return;
    }
    const keys = listHiddenUploadKeys(entries);
    if (keys.some((key) => !hiddenKeys.has(key))) {
      saveHiddenUploadKeys(localStorage, [...new Set([...hiddenKeys, ...keys])]);
    }
  }, [entries, hiddenKeys, isHidden]);

  const hide = () => {
    const keys = [...listHiddenUploadKeys(entries), ...packages.map((upload) => upload.key)];
    setHiddenKeys(new Set(keys));
    saveHiddenUploadKeys(localStorage, keys);
  };

  const clamp = (next: BarPosition) => {
    const rect = barRef.current?.getBoundingClientRect();
    return clampBarPosition(
      next,
      { width: rect?.width ?? 0, height: 0 },
      getDockArea(barRef.current),
    );
  };

  useEffect(() => {
    const onResize = () =>
      setPosition((current) => {
        const rect = barRef.current?.getBoundingClientRect();
        return clampBarPosition(
          current,
          { width: rect?.width ?? 0, height: 0 },
          getDockArea(barRef.current),
        );
      });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  if (summary === null || text === null || !isShown) {
    return null;
  }

  // A green tick beside "· 1 failed" read as all well (issue 32). A package's summary has no
  // failures of its own: a failed package is the import dialog's to tell.
  const failedCount = 'failed' in summary ? summary.failed : 0;
  const Icon =
    summary.label === 'Uploaded' && failedCount > 0
      ? CircleAlert
      : {
          Uploading: UploadCloud,
          Processing: Loader2,
          Uploaded: CheckCircle2,
          Paused: PauseCircle,
          Failed: CircleAlert,
        }[summary.label];
  const isDone = summary.label === 'Uploaded' && failedCount === 0;

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    // No text selection while dragging.
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, start: position };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (drag.current === null) {
      return;
    }
    const { x, start } = drag.current;
    setPosition(clamp({ right: start.right - (event.clientX - x), bottom: start.bottom }));
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    if (drag.current === null) {
      return;
    }
    drag.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
    savePosition(position);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Along the dock: left and right.
    const next =
      event.key === 'ArrowLeft' || event.key === 'ArrowRight'
        ? moveBarByKey(position, event.key, event.shiftKey)
        : null;
    if (next !== null) {
      event.preventDefault();
      const clamped = clamp(next);
      setPosition(clamped);
      savePosition(clamped);
    }
  };

  return (
    // In the shell's dock, which stays at the window's bottom edge and takes its own room: the
    // page ends above it and scrolls out from under it, so the bar covers nothing of it. It
    // shares a phone's row with the Feedback entry (down to 12 rem) instead of taking a second.
    <div
      ref={barRef}
      role="region"
      aria-label="Upload progress"
      style={{ marginRight: position.right }}
      className="flex min-w-48 max-w-80 flex-1 items-stretch overflow-hidden rounded-xl border border-slate-200 bg-white shadow-md"
    >
      <button
        type="button"
        aria-label="Move the upload progress bar"
        title="Drag to move along the bottom edge, or use the left and right arrow keys"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        className="flex cursor-grab touch-none items-center border-r border-slate-100 px-1.5 text-slate-400 hover:bg-slate-50 hover:text-slate-600 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none focus-visible:ring-inset active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={() => {
          markSeen();
          onOpen();
        }}
        aria-haspopup="dialog"
        className="flex min-w-0 flex-1 flex-col gap-1.5 px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none focus-visible:ring-inset"
      >
        <span className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Icon
            className={cn(
              'size-4 shrink-0',
              summary.label === 'Processing' && 'animate-spin text-amber-600',
              summary.label === 'Uploading' && 'text-brand-600',
              isDone && 'text-green-600',
              summary.label === 'Uploaded' && !isDone && 'text-red-700',
              summary.label === 'Paused' && 'text-amber-700',
              summary.label === 'Failed' && 'text-red-700',
            )}
            aria-hidden="true"
            data-testid={isDone ? 'upload-bar-done' : undefined}
          />
          {/* Wraps, never cut: "Uploaded 3 videos · 2 failed" read "Uploaded 3 videos · 2 fa…". */}
          <span className="min-w-0 wrap-anywhere" data-testid="upload-bar-text">
            {text}
          </span>
        </span>
        {meterPercentage === null ? null : (
          <ProgressMeter value={meterPercentage} label="Overall upload progress" />
        )}
        <span className="text-xs text-slate-500">Show upload status</span>
      </button>
      {engine === null ? null : (
        <button
          type="button"
          aria-label={
            isFinished
              ? 'Dismiss finished uploads'
              : summary.label === 'Failed'
                ? 'Dismiss failed uploads'
                : 'Hide the upload bar'
          }
          title={isFinished || summary.label === 'Failed' ? 'Dismiss' : 'Hide'}
          onClick={() => {
            markSeen();
            if (isFinished) {
              engine.clearFinished();
              packageUploadStore.clearFinished();
            } else if (summary.label !== 'Failed') {
              hide();
            }
          }}
          className="flex items-start p-2 text-slate-400 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none focus-visible:ring-inset"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
