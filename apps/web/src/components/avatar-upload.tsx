import {
  AVATAR_MIME_TYPES,
  AVATAR_UPLOAD_FAILED_MESSAGE,
  AVATAR_UPLOAD_SUCCEEDED_MESSAGE,
  type AvatarResourceType,
} from '@conversa/contracts';
import { ImageUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { AVATAR_FILE_PROBLEM_MESSAGES, validateAvatarFiles } from '@/lib/avatar';
import { uploadAvatarFile } from '@/lib/avatar-upload';
import { Button } from './ui/button';
import { cn } from './ui/cn';
import { useToast } from './ui/toast';

export type AvatarUploadProps = {
  resourceType: AvatarResourceType;
  resourceId: string;
  source: string;
  /** Replaces the `Successfully uploaded avatar.` toast (spec §8). */
  onSuccess?: (uploadId: string) => void;
  /** Replaces the `An error occurred while trying to upload the avatar.` toast (spec §8). */
  onError?: (error: Error) => void;
  /** Told after every successful upload, whether or not `onSuccess` is given. */
  onUploaded?: (uploadId: string) => void;
  buttonText?: string;
};

/**
 * Picks (or takes a dropped) png or jpeg and uploads it as the resource's avatar through the
 * resumable upload. Exactly one file, png or jpeg, at most 10,000,000,000 bytes (spec §5).
 */
export function AvatarUpload({
  resourceType,
  resourceId,
  source,
  onSuccess,
  onError,
  onUploaded,
  buttonText = 'Upload a picture',
}: AvatarUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [percentage, setPercentage] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isDragOver, setIsDragOver] = useState(false);
  const { showToast } = useToast();
  const hintId = useId();

  async function upload(files: File[]) {
    const checked = validateAvatarFiles(files);
    if (!checked.isValid) {
      setProblem(AVATAR_FILE_PROBLEM_MESSAGES[checked.problem]);
      return;
    }
    setProblem(null);
    setPercentage(0);
    try {
      const uploadId = await uploadAvatarFile({
        file: files[0]!,
        resourceType,
        resourceId,
        source,
        onProgress: setPercentage,
      });
      onUploaded?.(uploadId);
      if (onSuccess) {
        onSuccess(uploadId);
      } else {
        showToast({ kind: 'success', message: AVATAR_UPLOAD_SUCCEEDED_MESSAGE });
      }
    } catch (error) {
      if (onError) {
        onError(error instanceof Error ? error : new Error(String(error)));
      } else {
        showToast({ kind: 'error', message: AVATAR_UPLOAD_FAILED_MESSAGE });
      }
    } finally {
      setPercentage(null);
      if (inputRef.current) {
        inputRef.current.value = '';
      }
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDragOver(false);
    if (percentage === null) {
      void upload(Array.from(event.dataTransfer.files));
    }
  }

  const isUploading = percentage !== null;
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setIsDragOver(true);
      }}
      onDragLeave={() => setIsDragOver(false)}
      onDrop={onDrop}
      className={cn(
        'rounded-xl border-2 border-dashed border-slate-300 p-4 transition-colors',
        isDragOver && 'border-brand-500 bg-brand-50',
      )}
    >
      <input
        ref={inputRef}
        type="file"
        accept={AVATAR_MIME_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void upload(Array.from(event.target.files ?? []))}
        data-testid="avatar-file-input"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          icon={<ImageUp className="size-4" aria-hidden="true" />}
          isLoading={isUploading}
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
        >
          {isUploading ? `Uploading ${percentage}%` : buttonText}
        </Button>
        <p id={hintId} className="text-sm text-slate-600">
          A png or jpeg image; drop it here or choose it.
        </p>
      </div>
      {isUploading ? (
        <progress
          className="mt-3 h-2 w-full accent-brand-600"
          max={100}
          value={percentage}
          aria-label="Avatar upload progress"
        />
      ) : null}
      {problem === null ? null : (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
