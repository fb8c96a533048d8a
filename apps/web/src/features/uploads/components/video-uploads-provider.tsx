import { UPLOAD_ENDPOINT_PATH } from '@conversa/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { PreviousUpload, Upload, UploadOptions } from 'tus-js-client';
import { API_HEADERS, ensureFreshSession, refreshSession } from '@/lib/api-client';
import { getUploadStatus } from '../api/get-upload-status';
import { refreshStoryfileMedia } from '@/lib/storyfile-queries';
import { listRecentUploads } from '../api/list-uploads';
import { retryUploadProcessing } from '../api/retry-upload-processing';
import { useUploadEngine, VideoUploadsContext } from '../hooks/use-video-uploads';
import { packageUploadStore } from '../utils/package-upload-store';
import { createRecordedBlobStore } from '../utils/recorded-blob-store';
import { VideoUploadEngine } from '../utils/upload-engine';
import type { TusUploadLike } from '../utils/upload-engine-deps';

// The floating bar (its summary, drag and position code, its status tooltips) loads with the
// first upload there is, not with every signed-in first load: a shell without uploads shows none.
const UploadProgressBar = lazy(() =>
  import('./upload-progress-bar').then((module) => ({ default: module.UploadProgressBar })),
);

// Loaded when a person first opens 'Video Upload Status', not with every signed-in first load.
const UploadStatusDialog = lazy(() =>
  import('./upload-status-dialog').then((module) => ({ default: module.UploadStatusDialog })),
);

let tusLibrary: Promise<{ Upload: typeof Upload }> | undefined;
/** tus-js-client loads with the first upload, not with the shell every signed-in screen opens. */
const loadTus = () => (tusLibrary ??= import('tus-js-client'));

/**
 * A tus upload whose library is still loading: each call waits for it, in the order made, so
 * `resumeFromPreviousUpload` still lands before `start`; an abort made while it loads keeps the
 * upload from starting (as tus's own abort would stop it).
 */
class LazyTusUpload implements TusUploadLike {
  private upload: Upload | undefined;
  private isAborted = false;
  private readonly ready: Promise<Upload>;

  constructor(file: Blob, options: UploadOptions) {
    this.ready = loadTus().then(({ Upload }) => (this.upload = new Upload(file, options)));
  }

  get url(): string | null {
    return this.upload?.url ?? null;
  }

  start(): void {
    this.isAborted = false;
    void this.ready.then((upload) => {
      if (!this.isAborted) {
        upload.start();
      }
    });
  }

  async abort(shouldTerminate?: boolean): Promise<void> {
    this.isAborted = true;
    await (await this.ready).abort(shouldTerminate);
  }

  async findPreviousUploads(): Promise<PreviousUpload[]> {
    return (await this.ready).findPreviousUploads();
  }

  resumeFromPreviousUpload(previous: PreviousUpload): void {
    void this.ready.then((upload) => upload.resumeFromPreviousUpload(previous));
  }
}

function createBrowserUploadEngine(userId: string, queryClient: QueryClient): VideoUploadEngine {
  return new VideoUploadEngine({
    userId,
    endpoint: new URL(UPLOAD_ENDPOINT_PATH, window.location.origin).toString(),
    headers: { ...API_HEADERS },
    createUpload: (file, options) => new LazyTusUpload(file, options),
    terminateUpload: async (url, options) => (await loadTus()).Upload.terminate(url, options),
    fetchStatus: getUploadStatus,
    retryProcessing: retryUploadProcessing,
    listRecent: listRecentUploads,
    blobStore: createRecordedBlobStore(),
    onSettled: (storyfileId) => void refreshStoryfileMedia(queryClient, storyfileId),
    beforeRequest: ensureFreshSession,
    refreshSession,
    storage: window.localStorage,
  });
}

/**
 * The upload-progress bar, where the shell docks it (issue 44, item 26: floating over the page it
 * covered the Record tab's list and the intro clip card). Mounted from the first upload on, so the
 * bar keeps its own state (hidden text, position) once the list empties again.
 */
export function UploadBarSlot() {
  const { entries, openStatus } = useUploadEngine();
  const [hasUploads, setHasUploads] = useState(false);
  const packages = useSyncExternalStore(
    packageUploadStore.subscribe,
    packageUploadStore.getSnapshot,
    packageUploadStore.getSnapshot,
  );
  if (!hasUploads && (entries.length > 0 || packages.length > 0)) {
    setHasUploads(true);
  }
  if (!hasUploads || openStatus === undefined) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <UploadProgressBar onOpen={openStatus} />
    </Suspense>
  );
}

/**
 * Runs the signed-in user's video uploads for the whole shell, so they go on across screens,
 * and shows the 'Video Upload Status' dialog (the shell places the bar: UploadBarSlot).
 */
export function VideoUploadsProvider({
  userId,
  children,
}: {
  userId: string;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [engine] = useState(() => createBrowserUploadEngine(userId, queryClient));
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  // Mounted from the first opening on, so later closings keep the dialog's own behaviour.
  const [hasDialogOpened, setHasDialogOpened] = useState(false);

  useEffect(() => {
    const deactivate = engine.activate();
    const onOnline = () => engine.retryOffline();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      deactivate();
    };
  }, [engine]);

  const entries = useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);
  const value = useMemo(
    () => ({
      engine,
      entries,
      openStatus: () => {
        setHasDialogOpened(true);
        setIsDialogOpen(true);
      },
    }),
    [engine, entries],
  );

  return (
    <VideoUploadsContext.Provider value={value}>
      {children}
      {hasDialogOpened && (
        <Suspense fallback={null}>
          <UploadStatusDialog isOpen={isDialogOpen} onOpenChange={setIsDialogOpen} />
        </Suspense>
      )}
    </VideoUploadsContext.Provider>
  );
}
