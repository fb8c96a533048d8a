import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
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

/** AES-256-GCM: a 96-bit nonce and a 128-bit tag around the sealed grant. */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals and checks the `access_token` of media URLs (spec §7 content URLs): the grant as JSON,
 * encrypted and authenticated with AES-256-GCM under a key derived from a secret every replica
 * shares, as one base64url string. Opaque (issue 30): a URL that leaks (a log, a Referer, a shared
 * link) tells nobody whose it was or which asset it names, and any changed byte fails the tag. A
 * token names its asset and file, so it cannot be moved onto another URL; it carries its expiry,
 * so nothing is stored per URL.
 */
export function createMediaUrlSigner(secret: Buffer, ttlSeconds: number) {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `conversa media url ${purpose}`, 32));
  const key = derive('token key');
  const nonceKey = derive('nonce key');
  const seal = (payload: TokenPayload): string => {
    const plain = JSON.stringify(payload);
    // The nonce is a MAC of the grant (as in SIV): the same grant with the same expiry seals to the
    // same URL, so a browser's cache keeps serving it (the catalogue signs per time window for
    // that), and two different grants never share a nonce under one key.
    const nonce = createHmac('sha256', nonceKey).update(plain).digest().subarray(0, NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64url');
  };
  /** The grant of an untouched token of this key; undefined for anything else. */
  const open = (token: string): unknown => {
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length <= NONCE_BYTES + TAG_BYTES) {
      return undefined;
    }
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    try {
      const plain = Buffer.concat([
        decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]);
      return JSON.parse(plain.toString('utf8'));
    } catch {
      return undefined;
    }
  };

  return {
    ttlSeconds,
    createToken(
      grant: Omit<MediaGrant, 'expiresAt'>,
      now = Date.now(),
    ): { token: string; expiresAt: Date } {
      const expiresAt = Math.floor(now / 1000) + ttlSeconds;
      return {
        token: seal({ a: grant.assetId, f: grant.file, u: grant.userId, e: expiresAt }),
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
      if (!token || !/^[\w-]+$/.test(token)) {
        return { ok: false, reason: 'malformed' };
      }
      const payload = open(token) as Partial<TokenPayload> | undefined;
      if (
        !payload ||
        typeof payload.a !== 'string' ||
        typeof payload.f !== 'string' ||
        typeof payload.u !== 'string'
      ) {
        return { ok: false, reason: 'signature' };
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
