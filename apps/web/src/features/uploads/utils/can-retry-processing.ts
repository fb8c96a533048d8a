import { VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import type { VideoUploadEntry } from '../types';

/**
 * Whether "Try again" applies: the studio holds every byte and its processing failed on the
 * studio's side (not a file it refused, a cancel or an expiry).
 */
export function canRetryProcessing(entry: VideoUploadEntry): boolean {
  return (
    entry.phase === 'failed' &&
    entry.serverUploadId !== null &&
    entry.error === VIDEO_PROCESSING_MESSAGES.failed
  );
}
