import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

// Node's HTTP parser refuses a request it cannot parse (a NUL or another control character in a
// header, a malformed request line) before Fastify sees it, and Fastify's default answer is a bare
// `{"message":"Client Error"}`. This handler answers the same statuses with a sentence a person
// can act on, naming the header when the raw bytes the parser kept show which one it was.

/**
 * What Node's parser attaches to the errors it emits on `clientError`: `rawPacket` holds the bytes
 * it had received when it gave up (a Buffer at run time; Fastify's type gives its JSON form).
 */
interface ClientError extends Error {
  code?: string;
  rawPacket?: Buffer | { data: number[] };
}

function toBuffer(raw: ClientError['rawPacket']): Buffer | undefined {
  if (raw === undefined) {
    return undefined;
  }
  return Buffer.isBuffer(raw) ? raw : Buffer.from(raw.data);
}

export interface ClientErrorAnswer {
  status: number;
  message: string;
}

/** The answer when the request line (method, address, version) holds a forbidden byte. */
export const ADDRESS_CHARACTER_MESSAGE =
  "The request's address contains a character that is not allowed (a control character such as NUL). Remove it and try again.";

/** The answer to a header value or name holding a forbidden byte, naming the header if known. */
export function describeHeaderCharacter(headerName: string | undefined): string {
  return headerName
    ? `The request header "${headerName}" contains a character that is not allowed (a control character such as NUL). Remove it and try again.`
    : 'A request header contains a character that is not allowed (a control character such as NUL). Remove it and try again.';
}

/** Characters a header field may not carry (RFC 9110 §5.5): controls other than tab, and DEL. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_FIELD = /[\u0000-\u0008\u000a-\u001f\u007f]/;
/** A header name is an RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Where the first forbidden byte of a raw request sits: the request line, a header (by name,
 * trimmed to 100 characters), or nowhere the bytes show (undefined).
 */
export function locateForbiddenCharacter(
  rawPacket: Buffer,
): { part: 'request-line' } | { part: 'header'; name: string | undefined } | undefined {
  // latin1 keeps one character per byte, so no byte is merged into another character.
  const lines = rawPacket.toString('latin1').split('\r\n');
  for (const [index, line] of lines.entries()) {
    if (line === '') {
      // The blank line ends the headers; the body is not the parser's concern here.
      return undefined;
    }
    const colon = line.indexOf(':');
    const nameIsBad = index > 0 && (colon <= 0 || !HEADER_NAME.test(line.slice(0, colon)));
    if (!FORBIDDEN_IN_FIELD.test(line) && !nameIsBad) {
      continue;
    }
    if (index === 0) {
      return { part: 'request-line' };
    }
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    const readable = name !== '' && !FORBIDDEN_IN_FIELD.test(name) && HEADER_NAME.test(name);
    return { part: 'header', name: readable ? name.slice(0, 100).toLowerCase() : undefined };
  }
  return undefined;
}

/** The status and sentence for one error of Node's HTTP parser. */
export function describeClientError(error: ClientError): ClientErrorAnswer {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, message: 'The request took too long to arrive. Try again.' };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      message: "The request's headers (or its address) are too large. Shorten them and try again.",
    };
  }
  if (error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') {
    return { status: 413, message: "The request's chunk extensions are too large." };
  }
  const raw = toBuffer(error.rawPacket);
  const found = raw ? locateForbiddenCharacter(raw) : undefined;
  if (found?.part === 'request-line') {
    return { status: 400, message: ADDRESS_CHARACTER_MESSAGE };
  }
  if (
    found?.part === 'header' ||
    error.code === 'HPE_INVALID_HEADER_TOKEN' ||
    error.code === 'HPE_INVALID_HEADER_VALUE' ||
    error.code === 'HPE_LF_EXPECTED' ||
    error.code === 'HPE_CR_EXPECTED'
  ) {
    return { status: 400, message: describeHeaderCharacter(found?.name) };
  }
  return {
    status: 400,
    message: 'The request could not be read: it is not well-formed HTTP.',
  };
}

/**
 * Fastify's `clientErrorHandler`: answers a request Node's parser refused with a JSON body in the
 * studio's shape (`statusCode`, `error`, `message`), then closes the connection.
 */
export function clientErrorHandler(
  this: { log: FastifyBaseLogger } | undefined,
  error: ClientError,
  socket: Socket,
): void {
  // A connection reset leaves nothing to answer (Node's own advice for clientError).
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const { status, message } = describeClientError(error);
  this?.log.debug({ code: error.code, status }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify({
      statusCode: status,
      error: (STATUS_CODES[status] ?? 'Bad Request').toUpperCase().replaceAll(' ', '_'),
      message,
    });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
