import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MEDIA_ACCESS_TOKEN_PARAM } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { getOrCreateSecret } from '../../db/secrets.ts';

/** What a media token grants: one file of one asset, to one user, until `expiresAt` (seconds). */
export interface MediaGrant {
  assetId: string;
  file: string;
  userId: string;
  expiresAt: number;
}

export type MediaTokenCheck =
  | { ok: true; grant: MediaGrant }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'mismatch' };

interface TokenPayload {
  a: string;
  f: string;
  u: string;
  e: number;
}

/**
 * Signs and checks the `access_token` of media URLs (spec §7 content URLs): base64url of a small
 * JSON grant, a dot, and its HMAC-SHA256 under a secret shared by every replica. A token names
 * its asset and file, so it cannot be moved onto another URL; it carries its expiry, so nothing
 * is stored per URL.
 */
export function createMediaUrlSigner(secret: Buffer, ttlSeconds: number) {
  const sign = (data: string) => createHmac('sha256', secret).update(data).digest();

  return {
    ttlSeconds,
    createToken(
      grant: Omit<MediaGrant, 'expiresAt'>,
      now = Date.now(),
    ): { token: string; expiresAt: Date } {
      const expiresAt = Math.floor(now / 1000) + ttlSeconds;
      const payload: TokenPayload = {
        a: grant.assetId,
        f: grant.file,
        u: grant.userId,
        e: expiresAt,
      };
      const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return {
        token: `${data}.${sign(data).toString('base64url')}`,
        expiresAt: new Date(expiresAt * 1000),
      };
    },

    /** The URL path of a file with its token appended. */
    createUrl(
      grant: Omit<MediaGrant, 'expiresAt'>,
      now = Date.now(),
    ): { url: string; expiresAt: Date } {
      const { token, expiresAt } = this.createToken(grant, now);
      return {
        url: `/media/${grant.assetId}/${grant.file}?${MEDIA_ACCESS_TOKEN_PARAM}=${token}`,
        expiresAt,
      };
    },

    checkToken(
      token: string | undefined,
      expected: { assetId: string; file: string },
      now = Date.now(),
    ): MediaTokenCheck {
      const [data, signature, extra] = (token ?? '').split('.');
      if (!data || !signature || extra !== undefined) {
        return { ok: false, reason: 'malformed' };
      }
      const given = Buffer.from(signature, 'base64url');
      const wanted = sign(data);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
        return { ok: false, reason: 'signature' };
      }
      let payload: TokenPayload;
      try {
        payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as TokenPayload;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (typeof payload.e !== 'number' || payload.e * 1000 <= now) {
        return { ok: false, reason: 'expired' };
      }
      if (payload.a !== expected.assetId || payload.f !== expected.file) {
        return { ok: false, reason: 'mismatch' };
      }
      return {
        ok: true,
        grant: { assetId: payload.a, file: payload.f, userId: payload.u, expiresAt: payload.e },
      };
    },
  };
}

export type MediaUrlSigner = ReturnType<typeof createMediaUrlSigner>;

const MEDIA_URL_SECRET = 'media.url-signing-key';

/** The signer with the key every replica shares (system_secrets). */
export async function createSharedMediaUrlSigner(
  db: Database,
  ttlSeconds: number,
): Promise<MediaUrlSigner> {
  const key = await getOrCreateSecret(db, MEDIA_URL_SECRET, () =>
    randomBytes(32).toString('base64url'),
  );
  return createMediaUrlSigner(Buffer.from(key, 'base64url'), ttlSeconds);
}
