import { useState } from 'react';
import type { VideoUploadEntry } from '../types';
import type { VideoUploadEngine } from '../utils/upload-engine';
import { VideoFileInput } from './video-file-input';

export const RESELECT_FILE_TEXT = 'Select the file again to resume';
export const UPLOAD_AGAIN_TEXT = 'Upload the file again';

/** Pick-the-file-again control of an upload whose bytes the page no longer holds. */
export function ReselectFile({
  engine,
  upload,
}: {
  engine: VideoUploadEngine;
  upload: VideoUploadEntry;
}) {
  const [error, setError] = useState<string | null>(null);
  const isResume = upload.isResumable;
  const text = isResume ? RESELECT_FILE_TEXT : UPLOAD_AGAIN_TEXT;
  return (
    <div className="mt-2 space-y-1">
      {isResume ? (
        <p className="text-xs text-slate-600">
          The page was reloaded while {upload.filename} was uploading. Select the same file to go on
          from {upload.percentage}%.
        </p>
      ) : null}
      <VideoFileInput
        label={`${text}: ${upload.questionText}`}
        onFiles={([file]) => {
          if (file) {
            setError(engine.provideFile(upload.clientKey, file));
          }
        }}
      >
        {text}
      </VideoFileInput>
      {error === null ? null : (
        <p role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
