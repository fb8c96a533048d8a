import { listUploadsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

/** The caller's uploads of the last 24 hours: what the upload dialog shows after a reload. */
export async function listRecentUploads() {
  return (await callContract(listUploadsContract)).uploads;
}
