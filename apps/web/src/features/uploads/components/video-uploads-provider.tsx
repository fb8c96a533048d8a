import { UPLOAD_ENDPOINT_PATH } from '@conversa/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Upload } from 'tus-js-client';
import { API_HEADERS, ensureFreshSession, refreshSession } from '@/lib/api-client';
import { getUploadStatus } from '../api/get-upload-status';
import { refreshStoryfileMedia } from '@/lib/storyfile-queries';
import { listRecentUploads } from '../api/list-uploads';
import { retryUploadProcessing } from '../api/retry-upload-processing';
import { VideoUploadsContext } from '../hooks/use-video-uploads';
import { createRecordedBlobStore } from '../utils/recorded-blob-store';
import { VideoUploadEngine } from '../utils/upload-engine';
import { UploadProgressBar } from './upload-progress-bar';
import { UploadStatusDialog } from './upload-status-dialog';

function createBrowserUploadEngine(userId: string, queryClient: QueryClient): VideoUploadEngine {
  return new VideoUploadEngine({
    userId,
    endpoint: new URL(UPLOAD_ENDPOINT_PATH, window.location.origin).toString(),
    headers: { ...API_HEADERS },
    createUpload: (file, options) => new Upload(file, options),
    terminateUpload: (url, options) => Upload.terminate(url, options),
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
 * Runs the signed-in user's video uploads for the whole shell, so they go on across screens,
 * and shows the floating progress bar and the 'Video Upload Status' dialog.
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
  const value = useMemo(() => ({ engine, entries }), [engine, entries]);

  return (
    <VideoUploadsContext.Provider value={value}>
      {children}
      <UploadProgressBar onOpen={() => setIsDialogOpen(true)} />
      <UploadStatusDialog isOpen={isDialogOpen} onOpenChange={setIsDialogOpen} />
    </VideoUploadsContext.Provider>
  );
}
