import { getExtensionForMimeType } from './media-types';
import { getTargetTitle, type RecordTarget } from './targets';

const SLUG_MAX_LENGTH = 60;

/** Lower-case words joined by dashes, accents dropped; `take` when nothing is left. */
export function slugify(text: string, maxLength = SLUG_MAX_LENGTH): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug === '' ? 'take' : slug;
}

/** `20261122-104512`: sorts by time and is safe in a filename. */
export function formatFileTimestamp(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-` +
    `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`
  );
}

/** `<question-or-clip-slug>-<timestamp>.<webm|mp4>`, e.g. `where-did-you-grow-up-20261122-104512.webm`. */
export function buildTakeFilename(target: RecordTarget, mimeType: string, date: Date): string {
  return `${slugify(getTargetTitle(target))}-${formatFileTimestamp(date)}.${getExtensionForMimeType(mimeType)}`;
}
