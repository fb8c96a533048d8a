/** Recording formats in order of preference; browsers differ (Safari records mp4 only). */
export const RECORDING_MIME_TYPES = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4',
] as const;

/**
 * The first format the browser can record, or undefined when it can record none (then the
 * browser's own default is used, if it has a MediaRecorder at all).
 */
export function pickRecordingMimeType(
  isTypeSupported: (mimeType: string) => boolean,
): string | undefined {
  return RECORDING_MIME_TYPES.find((mimeType) => {
    try {
      return isTypeSupported(mimeType);
    } catch {
      return false;
    }
  });
}

/** `video/webm;codecs=vp9,opus` → `video/webm`: what the upload's filetype says. */
export function getMimeEssence(mimeType: string): string {
  return mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The file extension of a recorded type (`webm` unless the browser records mp4). */
export function getExtensionForMimeType(mimeType: string): string {
  const essence = getMimeEssence(mimeType);
  if (essence === 'video/mp4') {
    return 'mp4';
  }
  if (essence === 'video/x-matroska') {
    return 'mkv';
  }
  return 'webm';
}
