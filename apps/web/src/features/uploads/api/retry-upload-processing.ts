import { retryUploadProcessingContract, type UploadStatus } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

/**
 * Processes a video again from the bytes the studio still holds, after its processing failed on
 * the studio's side (the dialog's "Try again"). Rejects with the server's message otherwise.
 */
export function retryUploadProcessing(uploadId: string): Promise<UploadStatus> {
  return callContract(retryUploadProcessingContract, { params: { id: uploadId } });
}
