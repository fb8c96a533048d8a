import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

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

/**
 * Answers a request for a stored object of `size` bytes: 416 for a range past its end, else 206
 * with the range asked for or 200 with the whole, reading only those bytes. The caller has set
 * the other headers.
 */
export async function sendStoredBytes(
  reply: FastifyReply,
  rangeHeader: string | undefined,
  size: number,
  read: (range: { start: number; end: number }) => Promise<Readable>,
): Promise<FastifyReply> {
  const range = parseRangeHeader(rangeHeader, size);
  if (range.kind === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  const isPartial = range.kind === 'partial';
  const start = isPartial ? range.start : 0;
  const end = isPartial ? range.end : size - 1;
  reply.status(isPartial ? 206 : 200).header('content-length', end - start + 1);
  if (isPartial) {
    reply.header('content-range', `bytes ${start}-${end}/${size}`);
  }
  if (size === 0) {
    return reply.send();
  }
  return reply.send(await read({ start, end }));
}
