import { getUploadStatusContract, type UploadStatus } from '@conversa/contracts';
import { ApiError, callContract, refreshSession } from '@/lib/api-client';

/**
 * One status poll (spec §4, §7). A 403 refreshes the session (spec §4, §8) and, like an answer
 * that could not be had, answers null: the caller counts the poll and asks again.
 */
export async function getUploadStatus(uploadId: string): Promise<UploadStatus | null> {
  try {
    return await callContract(getUploadStatusContract, { query: { uploadObjectKey: uploadId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      await refreshSession().catch(() => false);
    }
    return null;
  }
}
