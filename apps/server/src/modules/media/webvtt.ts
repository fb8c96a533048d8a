/**
 * The spoken text of a WebVTT file: one string per cue, markup removed. Not a full WebVTT parser
 * (no timing, settings, regions or styles are kept): only what reading the words needs.
 *
 * Follows the file structure of the W3C WebVTT spec: a `WEBVTT` signature line (after an optional
 * BOM), a header up to the first blank line, then blocks separated by blank lines. A block is a
 * cue when its first line, or its second after a cue identifier, is a timing line (holds `-->`);
 * NOTE, STYLE and REGION blocks and stray text are skipped. Cue text loses its tags (`<v Ana>`,
 * `<i>`, `<c.loud>`, `<00:01.500>` timestamps) and its character references are decoded.
 */
export function readWebVttCueTexts(vtt: string): string[] {
  const lines = vtt
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  if (!/^WEBVTT(?:[ \t]|$)/.test(lines[0] ?? '')) {
    return [];
  }
  const blocks: string[][] = [];
  let block: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') {
      if (block.length > 0) {
        blocks.push(block);
      }
      block = [];
    } else {
      block.push(line);
    }
  }
  if (block.length > 0) {
    blocks.push(block);
  }
  const texts: string[] = [];
  // The first block is the signature line and the header.
  for (const cue of blocks.slice(1)) {
    const timingIndex = cue[0]!.includes('-->') ? 0 : cue[1]?.includes('-->') ? 1 : -1;
    if (timingIndex === -1) {
      continue;
    }
    const text = cue
      .slice(timingIndex + 1)
      .map((line) => decodeReferences(line.replace(/<[^>]*>/g, '')).trim())
      .filter((line) => line !== '')
      .join(' ');
    if (text !== '') {
      texts.push(text);
    }
  }
  return texts;
}

const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  lrm: '',
  rlm: '',
};

/** The character references cue text may hold; an unknown one is left as written. */
function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED_REFERENCES[name.toLowerCase()] ?? whole;
  });
}
