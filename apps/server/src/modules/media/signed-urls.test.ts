import { describe, expect, it } from 'vitest';
import { createMediaUrlSigner } from './signed-urls.ts';

const signer = createMediaUrlSigner(Buffer.alloc(32, 7), 600);
const other = createMediaUrlSigner(Buffer.alloc(32, 8), 600);
const grant = { assetId: 'a1', file: 'video.mp4', userId: 'u1' };
const now = Date.UTC(2026, 0, 1);

describe('media URL tokens', () => {
  it('grants the named file of the named asset until the TTL runs out', () => {
    const { url, expiresAt } = signer.createUrl(grant, now);
    expect(url).toMatch(/^\/media\/a1\/video\.mp4\?access_token=[\w-]+$/);
    expect(expiresAt.getTime()).toBe(now + 600_000);
    const token = new URL(url, 'http://x').searchParams.get('access_token')!;
    expect(signer.checkToken(token, grant, now + 599_000)).toEqual({
      ok: true,
      grant: { ...grant, expiresAt: (now + 600_000) / 1000 },
    });
  });

  it.each([
    ['expired', () => signer.createToken(grant, now).token, grant, now + 600_000, 'expired'],
    [
      'for another file',
      () => signer.createToken(grant, now).token,
      { ...grant, file: 'poster.jpg' },
      now,
      'mismatch',
    ],
    [
      'for another asset',
      () => signer.createToken(grant, now).token,
      { ...grant, assetId: 'a2' },
      now,
      'mismatch',
    ],
    ['signed with another key', () => other.createToken(grant, now).token, grant, now, 'signature'],
    ['missing', () => '', grant, now, 'malformed'],
    [
      'with a dot part added',
      () => `${signer.createToken(grant, now).token}.x`,
      grant,
      now,
      'malformed',
    ],
    [
      'with one byte changed',
      () => {
        const bytes = Buffer.from(signer.createToken(grant, now).token, 'base64url');
        bytes[20] = bytes[20]! ^ 1;
        return bytes.toString('base64url');
      },
      grant,
      now,
      'signature',
    ],
    ['cut short', () => signer.createToken(grant, now).token.slice(0, 30), grant, now, 'signature'],
    [
      'in the readable form of before (base64 JSON and an HMAC)',
      () => {
        const data = Buffer.from(JSON.stringify({ a: 'a1', f: 'video.mp4', u: 'u1', e: 2e9 }));
        return `${data.toString('base64url')}.${'A'.repeat(43)}`;
      },
      grant,
      now,
      'malformed',
    ],
  ])('refuses a token %s', (_label, token, expected, at, reason) => {
    expect(signer.checkToken(token(), expected, at)).toEqual({ ok: false, reason });
  });
});

// Issue 30, item 10: the token was base64 JSON anyone could read, naming the user and the asset.
describe('media URL tokens are opaque', () => {
  const person = {
    assetId: '7b0c7a52-8d7e-4f57-9c55-0f7c1f6f2a11',
    file: 'video.mp4',
    userId: 'user:3f1d2c44-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  };

  it('carries nothing readable: no user id, asset id or file name in any decoding of it', () => {
    const { token } = signer.createToken(person, now);
    const readings = [
      token,
      ...token.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1')),
      Buffer.from(token, 'base64').toString('latin1'),
    ];
    for (const reading of readings) {
      expect(reading).not.toContain('3f1d2c44');
      expect(reading).not.toContain('7b0c7a52');
      expect(reading).not.toContain('video');
      expect(reading).not.toContain('"u"');
    }
    expect(signer.checkToken(token, person, now)).toMatchObject({ ok: true, grant: person });
  });

  it('seals one grant with one expiry to the same token (browser caches keep their URL), and another grant to another', () => {
    const first = signer.createToken(person, now).token;
    expect(signer.createToken(person, now).token).toBe(first);
    expect(signer.createToken({ ...person, userId: 'user:other' }, now).token).not.toBe(first);
    expect(signer.createToken(person, now + 1000).token).not.toBe(first);
  });
});
