import { createContext, useContext, useMemo } from 'react';
import type { StartVideoUploadInput, TrackedVideoUpload, VideoUploadEntry } from '../types';
import type { VideoUploadEngine } from '../utils/upload-engine';

export type VideoUploadsContextValue = {
  engine: VideoUploadEngine | null;
  entries: readonly VideoUploadEntry[];
  /** Opens 'Video Upload Status' (a failure on its row leads there; the bar carries none). */
  openStatus?: () => void;
};

export const VideoUploadsContext = createContext<VideoUploadsContextValue | null>(null);

/** The engine and its uploads, for this feature's own components. */
export function useUploadEngine(): VideoUploadsContextValue {
  const value = useContext(VideoUploadsContext);
  if (value === null) {
    throw new Error('useVideoUploads needs a VideoUploadsProvider above it (the app shell).');
  }
  return value;
}

/** Starts video uploads and reads their progress; they go on while the person navigates. */
export function useVideoUploads(): {
  startVideoUpload(input: StartVideoUploadInput): void;
  getStoryfileUploads(storyfileId: string): TrackedVideoUpload[];
} {
  const { engine, entries } = useUploadEngine();
  return useMemo(
    () => ({
      startVideoUpload: (input: StartVideoUploadInput) => {
        engine?.start(input);
      },
      getStoryfileUploads: (storyfileId: string) =>
        entries.filter((entry) => entry.storyfileId === storyfileId),
    }),
    [engine, entries],
  );
}
