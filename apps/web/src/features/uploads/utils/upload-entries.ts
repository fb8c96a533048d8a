import { getUploadIdFromUrl, type UploadSummary } from '@conversa/contracts';
import {
  getTrackingNames,
  type StartVideoUploadInput,
  type VideoUploadEntry,
  type VideoUploadTarget,
} from '../types';
import type { RecordedBlobRecord } from './recorded-blob-store';
import { NETWORK_FAILURE_MESSAGE } from './upload-error';
import { getUploadPercentage, transitionUpload } from './upload-state';

let nextLocalId = 0;
export function createClientKey(): string {
  nextLocalId += 1;
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? `local-${crypto.randomUUID()}`
    : `local-${Date.now()}-${nextLocalId}`;
}

/** The entry of an upload the person just started: queued, nothing sent yet. */
export function createQueuedEntry(
  clientKey: string,
  input: StartVideoUploadInput,
): VideoUploadEntry {
  return {
    id: clientKey,
    clientKey,
    storyfileId: input.storyfileId,
    storyfileName: input.storyfileName,
    target: input.target,
    ...getTrackingNames(input.target),
    percentage: 0,
    uploadStatus: null,
    phase: 'queued',
    error: null,
    serverUploadId: null,
    uploadUrl: null,
    filename: input.filename,
    filetype: input.filetype,
    sizeBytes: input.file.size,
    uploadedBytes: 0,
    pollsMade: 0,
    needsFile: false,
    isResumable: true,
  };
}

/** A recorded take kept in IndexedDB across a reload: queued again with its own bytes. */
export function createEntryFromRecord(record: RecordedBlobRecord): VideoUploadEntry {
  const serverUploadId = record.uploadUrl === null ? null : getUploadIdFromUrl(record.uploadUrl);
  return {
    id: serverUploadId ?? record.clientKey,
    clientKey: record.clientKey,
    storyfileId: record.storyfileId,
    storyfileName: record.storyfileName,
    target: record.target,
    ...getTrackingNames(record.target),
    percentage: 0,
    uploadStatus: null,
    phase: 'queued',
    error: null,
    serverUploadId,
    uploadUrl: record.uploadUrl,
    filename: record.filename,
    filetype: record.filetype,
    sizeBytes: record.blob.size,
    uploadedBytes: 0,
    pollsMade: 0,
    needsFile: false,
    isResumable: true,
  };
}

/**
 * An upload the server still knows after a reload, without its bytes: processing ones go on
 * processing, failed ones show the studio's reason, unfinished ones wait for the file.
 */
export function createEntryFromSummary(
  clientKey: string,
  upload: UploadSummary,
  target: VideoUploadTarget,
  endpoint: string,
): VideoUploadEntry {
  const sizeBytes = upload.sizeBytes;
  const uploadedBytes = upload.uploadedBytes ?? 0;
  const base: VideoUploadEntry = {
    id: upload.id,
    clientKey,
    storyfileId: upload.storyfileId ?? '',
    storyfileName: upload.storyfileName ?? '',
    target,
    ...getTrackingNames(target),
    percentage: getUploadPercentage(uploadedBytes, sizeBytes),
    uploadStatus: null,
    phase: 'paused',
    error: null,
    serverUploadId: upload.id,
    uploadUrl: new URL(encodeURIComponent(upload.id), endpoint).toString(),
    filename: upload.filename ?? 'video',
    filetype: upload.filetype ?? '',
    sizeBytes,
    uploadedBytes,
    pollsMade: 0,
    needsFile: true,
    isResumable: true,
  };
  if (upload.phase === 'processing') {
    return transitionUpload(base, { type: 'bytesIn' });
  }
  if (upload.phase === 'failed') {
    return transitionUpload(
      { ...base, needsFile: true },
      {
        type: 'uploadFailed',
        error: upload.error ?? NETWORK_FAILURE_MESSAGE,
        isResumable: false,
      },
    );
  }
  return base;
}

/** The entry with nothing of its previous server upload: the next start uploads anew. */
export function resetForNewUpload(entry: VideoUploadEntry): VideoUploadEntry {
  return {
    ...entry,
    id: entry.clientKey,
    serverUploadId: null,
    uploadUrl: null,
    uploadedBytes: 0,
    percentage: 0,
    pollsMade: 0,
    needsFile: false,
    isResumable: true,
    error: null,
    uploadStatus: null,
  };
}

/** What IndexedDB keeps of a recorded take until its bytes are in. */
export function createRecordedBlobRecord(
  clientKey: string,
  userId: string,
  input: StartVideoUploadInput,
): RecordedBlobRecord {
  return {
    clientKey,
    userId,
    storyfileId: input.storyfileId,
    storyfileName: input.storyfileName,
    target: input.target,
    filename: input.filename,
    filetype: input.filetype,
    blob: input.file,
    uploadUrl: null,
    createdAt: Date.now(),
  };
}
