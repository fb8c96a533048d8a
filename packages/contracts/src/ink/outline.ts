/** Knots, stitches and figures of an ink source, read from its text (no compile needed). */
export interface InkOutlineEntry {
  kind: 'knot' | 'stitch' | 'function';
  name: string;
  /** `knot` or `knot.stitch`: what ChoosePathString takes. */
  path: string;
  /** One-based line. */
  line: number;
}

export interface InkStoryStats {
  words: number;
  knots: number;
  stitches: number;
  choices: number;
}

const KNOT = /^\s*={2,}\s*(function\s+)?([A-Za-z_][\w]*)/;
const STITCH = /^\s*=\s*([A-Za-z_][\w]*)/;
const CHOICE = /^\s*[*+]/;
const LOGIC = /^\s*(~|VAR\b|CONST\b|LIST\b|INCLUDE\b|EXTERNAL\b|->|<-|\{|\}|=)/;

function stripComments(source: string): string[] {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ''))
    .split(/\r?\n/)
    .map((line) => line.replace(/(^|[^\\:])\/\/.*$/, '$1'));
}

/** The outline the editor shows and jumps through. */
export function findInkOutline(source: string): InkOutlineEntry[] {
  const entries: InkOutlineEntry[] = [];
  let knot: string | null = null;
  stripComments(source).forEach((line, index) => {
    const knotMatch = KNOT.exec(line);
    if (knotMatch) {
      knot = knotMatch[2]!;
      entries.push({
        kind: knotMatch[1] ? 'function' : 'knot',
        name: knot,
        path: knot,
        line: index + 1,
      });
      return;
    }
    const stitchMatch = STITCH.exec(line);
    if (stitchMatch) {
      const name = stitchMatch[1]!;
      entries.push({
        kind: 'stitch',
        name,
        path: knot ? `${knot}.${name}` : name,
        line: index + 1,
      });
    }
  });
  return entries;
}

/** Words of the text a visitor hears (not logic, names or tags), knots, stitches and choices. */
export function countInkStats(source: string): InkStoryStats {
  let words = 0;
  let choices = 0;
  for (const line of stripComments(source)) {
    if (CHOICE.test(line)) {
      choices += 1;
    } else if (KNOT.test(line) || LOGIC.test(line)) {
      continue;
    }
    const text = line
      .replace(/^\s*[*+\-\s]*(\([^)]*\))?/, '')
      .replace(/#.*$/, '')
      .replace(/->\s*[\w.]+/g, '')
      .replace(/\{[^}]*\}/g, ' ');
    words += text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  }
  const outline = findInkOutline(source);
  return {
    words,
    knots: outline.filter((entry) => entry.kind === 'knot').length,
    stitches: outline.filter((entry) => entry.kind === 'stitch').length,
    choices,
  };
}
