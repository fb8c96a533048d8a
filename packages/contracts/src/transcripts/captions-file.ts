import type { CaptionCue } from './transcript.ts';

// Captions files, read and written the same on both sides: a file the editor accepts is one the
// server reads from an upload, and the editor's download is the file the players get.

/** `00:01:02.345` (WebVTT, `.`) or `00:01:02,345` (SubRip, `,`). */
export function formatCaptionTimestamp(ms: number, separator: '.' | ','): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const millis = ms % 1000;
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(millis, 3)}`;
}

/**
 * A cue's text as lines: CR, CRLF and LF are all line ends to a player, and a blank line ends the
 * cue early (the rest read as a new block), so line ends become LF and blank lines go.
 */
function toCueLines(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\n\s*\n/g, '\n');
}

/**
 * Escaped for both formats: `<` opens a tag and `&` a character reference in WebVTT, and SubRip
 * players read the same tags (`<i>`, `<font>`) and references; `>` keeps `-->` out of a cue.
 */
function escapeCueText(text: string): string {
  return toCueLines(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A WebVTT file of the cues. */
export function formatWebVtt(cues: readonly CaptionCue[]): string {
  const blocks = cues.map(
    (cue, index) =>
      `${index + 1}\n${formatCaptionTimestamp(cue.startMs, '.')} --> ${formatCaptionTimestamp(cue.endMs, '.')}\n${escapeCueText(cue.text)}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** A SubRip (.srt) file of the cues. */
export function formatSrt(cues: readonly CaptionCue[]): string {
  return `${cues
    .map(
      (cue, index) =>
        `${index + 1}\n${formatCaptionTimestamp(cue.startMs, ',')} --> ${formatCaptionTimestamp(cue.endMs, ',')}\n${escapeCueText(cue.text)}`,
    )
    .join('\n\n')}\n`;
}

const TIMESTAMP = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})$/;

function parseTimestamp(text: string): number | undefined {
  const match = TIMESTAMP.exec(text.trim());
  if (!match) {
    return undefined;
  }
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match;
  return (
    Number(hours) * 3_600_000 +
    Number(minutes) * 60_000 +
    Number(seconds) * 1000 +
    Number(fraction.padEnd(3, '0'))
  );
}

const REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeReferences(text: string): string {
  return text.replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (reference, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) {
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    }
    if (name.startsWith('#')) {
      return String.fromCodePoint(Number(name.slice(1)));
    }
    return REFERENCES[name.toLowerCase()] ?? reference;
  });
}

/**
 * Reads a WebVTT or SubRip file into cues, in time order: each block's timing line and its text,
 * markup dropped. Blocks without a timing line (NOTE, STYLE, a header) are skipped, and so are
 * cues with no text or that end before they start. No cue at all means the file is not captions.
 */
export function parseCaptionsFile(content: string): CaptionCue[] {
  const blocks = content
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/);
  const cues: CaptionCue[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    const timingIndex = lines.findIndex((line) => line.includes('-->'));
    if (timingIndex === -1 || timingIndex > 1) {
      continue;
    }
    const [startText = '', rest = ''] = (lines[timingIndex] ?? '').split('-->');
    const startMs = parseTimestamp(startText);
    const endMs = parseTimestamp(rest.trim().split(/\s+/)[0] ?? '');
    const text = lines
      .slice(timingIndex + 1)
      .map((line) =>
        decodeReferences(line.replace(/<[^>]*>/g, '').replace(/\{\\[^}]*\}/g, '')).trim(),
      )
      .filter(Boolean)
      .join(' ');
    if (startMs === undefined || endMs === undefined || endMs <= startMs || text === '') {
      continue;
    }
    cues.push({ startMs, endMs, text });
  }
  return cues.sort((first, second) => first.startMs - second.startMs);
}
