/** How to answer a request for `size` bytes given its Range header (RFC 9110 §14). */
export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * One byte range, the only kind media players send. A header this does not understand (another
 * unit, several ranges, bad syntax) is ignored and the whole file is sent, as RFC 9110 allows; a
 * range that starts past the end is unsatisfiable (416).
 */
export function parseRangeHeader(header: string | undefined, size: number): RangeAnswer {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!match || (match[1] === '' && match[2] === '')) {
    return { kind: 'full' };
  }
  const [, first, last] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) {
      return { kind: 'unsatisfiable' };
    }
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) {
    return { kind: 'full' };
  }
  if (start >= size) {
    return { kind: 'unsatisfiable' };
  }
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
