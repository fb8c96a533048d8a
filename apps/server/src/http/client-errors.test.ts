import { describe, expect, it } from 'vitest';
import { describeClientError, locateForbiddenCharacter } from './client-errors.ts';

/** A parser error as Node emits it on `clientError`. */
function parserError(code: string, raw: string): Error & { code: string; rawPacket: Buffer } {
  return Object.assign(new Error('Parse Error'), { code, rawPacket: Buffer.from(raw, 'latin1') });
}

describe('locateForbiddenCharacter', () => {
  it.each([
    [
      'a NUL in a value',
      'GET / HTTP/1.1\r\nHost: x\r\nX-System-Id: a\u0000b\r\n\r\n',
      'x-system-id',
    ],
    [
      'a control character in a value',
      'GET / HTTP/1.1\r\nHost: x\r\nCookie: a=\u0001\r\n\r\n',
      'cookie',
    ],
    ['DEL in a value', 'GET / HTTP/1.1\r\nAccept: a\u007f\r\n\r\n', 'accept'],
    ['a name that is no token', 'GET / HTTP/1.1\r\nBad Name: v\r\n\r\n', undefined],
    ['a NUL in a name', 'GET / HTTP/1.1\r\nBad\u0000Name: v\r\n\r\n', undefined],
  ])('%s', (_case, raw, name) => {
    expect(locateForbiddenCharacter(Buffer.from(raw, 'latin1'))).toEqual({ part: 'header', name });
  });

  it('a NUL in the request line', () => {
    const raw = 'PATCH /files/\u0000 HTTP/1.1\r\nUpload-Offset: 0\u0000\r\n\r\n';
    expect(locateForbiddenCharacter(Buffer.from(raw, 'latin1'))).toEqual({ part: 'request-line' });
  });

  it('tabs and bytes above 127 are allowed in values; the body is not looked at', () => {
    const raw = 'GET / HTTP/1.1\r\nX-Name: a\tb\u00e9\r\n\r\n\u0000';
    expect(locateForbiddenCharacter(Buffer.from(raw, 'latin1'))).toBeUndefined();
  });
});

describe('describeClientError', () => {
  it('names the header', () => {
    const error = parserError(
      'HPE_INVALID_HEADER_TOKEN',
      'GET / HTTP/1.1\r\nAuthorization: a\u0000\r\n\r\n',
    );
    expect(describeClientError(error)).toEqual({
      status: 400,
      message:
        'The request header "authorization" contains a character that is not allowed (a control character such as NUL). Remove it and try again.',
    });
  });

  it('says a header when the bytes do not show which', () => {
    expect(describeClientError(parserError('HPE_INVALID_HEADER_TOKEN', ''))).toEqual({
      status: 400,
      message:
        'A request header contains a character that is not allowed (a control character such as NUL). Remove it and try again.',
    });
  });

  it('keeps 431 for oversized headers and 408 for a timeout, with sentences', () => {
    expect(describeClientError(parserError('HPE_HEADER_OVERFLOW', '')).status).toBe(431);
    expect(describeClientError(parserError('ERR_HTTP_REQUEST_TIMEOUT', '')).status).toBe(408);
  });

  it('anything else the parser refuses is a 400 saying it is not HTTP', () => {
    expect(
      describeClientError(parserError('HPE_INVALID_METHOD', 'FO(O / HTTP/1.1\r\n\r\n')),
    ).toEqual({
      status: 400,
      message: 'The request could not be read: it is not well-formed HTTP.',
    });
  });
});
