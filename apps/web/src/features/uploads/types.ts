import type { ClipKind } from '@conversa/contracts';

/** What a video answers: a question of the script, or one of the four clips. */
export type VideoUploadTarget =
  | { kind: 'question'; questionId: string; topicName: string; questionText: string }
  | { kind: 'clip'; clipKind: ClipKind; label: string };

export type VideoUploadPhase =
  'queued' | 'uploading' | 'paused' | 'processing' | 'ready' | 'failed';

/** One video upload as the studio tracks it (spec §3 upload tracking per video). */
export interface TrackedVideoUpload {
  /** The client's id until the server's upload id is known, then the server's. */
  id: string;
  storyfileId: string;
  storyfileName: string;
  target: VideoUploadTarget;
  topicName: string;
  questionText: string;
  /** 0-100. */
  percentage: number;
  /** Spec §3: 0 uploaded, 1 processed, 2 failed; null while the bytes are still going up. */
  uploadStatus: 0 | 1 | 2 | null;
  phase: VideoUploadPhase;
  error: string | null;
}

/** What the engine keeps of an upload beyond the agreed interface. */
export interface VideoUploadEntry extends TrackedVideoUpload {
  /** Stable for the upload's whole life (React keys, engine calls). */
  clientKey: string;
  serverUploadId: string | null;
  uploadUrl: string | null;
  filename: string;
  filetype: string;
  sizeBytes: number | null;
  uploadedBytes: number;
  /** Status polls made since the bytes were in (spec §4, at most UPLOAD_STATUS_MAX_POLLS). */
  pollsMade: number;
  /** Restored after a reload without the file's bytes: the person must pick the file again. */
  needsFile: boolean;
  /** The failure happened before the last byte arrived, so starting again resumes it. */
  isResumable: boolean;
}

export type StartVideoUploadInput = {
  storyfileId: string;
  storyfileName: string;
  target: VideoUploadTarget;
  /** A File, or a recorded Blob. */
  file: Blob;
  filename: string;
  /** e.g. 'video/webm', 'video/mp4'. */
  filetype: string;
};

/** The key of a target, shared with the recording feature: `question:<id>` or `clip:<kind>`. */
export function getTargetKey(target: VideoUploadTarget): string {
  return target.kind === 'question' ? `question:${target.questionId}` : `clip:${target.clipKind}`;
}

/** The spec §3 tracking names of a target: a clip has no topic; its label stands for the question. */
export function getTrackingNames(target: VideoUploadTarget): {
  topicName: string;
  questionText: string;
} {
  return target.kind === 'question'
    ? { topicName: target.topicName, questionText: target.questionText }
    : { topicName: 'Clips', questionText: target.label };
}
