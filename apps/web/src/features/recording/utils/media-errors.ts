/** Why the camera or microphone cannot be used, as a person can act on it. */
export type MediaProblem = 'denied' | 'not-found' | 'in-use' | 'unsupported' | 'unknown';

export interface MediaProblemMessage {
  title: string;
  /** What to do about it. */
  fix: string;
}

export const MEDIA_PROBLEM_MESSAGES: Record<MediaProblem, MediaProblemMessage> = {
  denied: {
    title: 'The browser is not allowed to use your camera and microphone.',
    fix: 'Click the camera icon (or the padlock) in the address bar, allow the camera and the microphone for this site, then press Try again.',
  },
  'not-found': {
    title: 'No camera or microphone was found.',
    fix: 'Connect a camera and a microphone, check that they are switched on and not muted by a hardware switch, then press Try again.',
  },
  'in-use': {
    title: 'Your camera or microphone is busy or could not be started.',
    fix: 'Close other apps and tabs that may be using it (video calls, for example), then press Try again.',
  },
  unsupported: {
    title: 'This browser cannot record video here.',
    fix: 'Use a recent version of Chrome, Edge, Firefox or Safari, and open the studio over https.',
  },
  unknown: {
    title: 'The camera and microphone could not be started.',
    fix: 'Check your camera and microphone, then press Try again. Reloading the page can help.',
  },
};

/** Classifies a `getUserMedia` failure by its DOMException name. */
export function classifyMediaError(error: unknown): MediaProblem {
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'not-found';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'in-use';
    case 'TypeError':
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'unknown';
  }
}
