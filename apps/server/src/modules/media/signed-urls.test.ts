import { describe, expect, it } from 'vitest';
import { createMediaUrlSigner } from './signed-urls.ts';

const signer = createMediaUrlSigner(Buffer.alloc(32, 7), 600);
const other = createMediaUrlSigner(Buffer.alloc(32, 8), 600);
const grant = { assetId: 'a1', file: 'video.mp4', userId: 'u1' };
const now = Date.UTC(2026, 0, 1);

describe('media URL tokens', () => {
  it('grants the named file of the named asset until the TTL runs out', () => {
    const { url, expiresAt } = signer.createUrl(grant, now);
    expect(url).toMatch(/^\/media\/a1\/video\.mp4\?access_token=[\w-]+\.[\w-]+$/);
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
      'with an extra part',
      () => `${signer.createToken(grant, now).token}.x`,
      grant,
      now,
      'malformed',
    ],
    [
      'with a payload swapped under the same signature',
      () => {
        const [, signature] = signer.createToken(grant, now).token.split('.');
        const [payload] = signer.createToken({ ...grant, file: 'audio.wav' }, now).token.split('.');
        return `${payload}.${signature}`;
      },
      grant,
      now,
      'signature',
    ],
  ])('refuses a token %s', (_label, token, expected, at, reason) => {
    expect(signer.checkToken(token(), expected, at)).toEqual({ ok: false, reason });
  });
});
