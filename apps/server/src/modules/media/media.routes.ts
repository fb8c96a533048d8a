import type { FastifyInstance } from 'fastify';
import {
  deleteStoryfileVideoContract,
  listStoryfileVideosContract,
  MEDIA_ACCESS_TOKEN_PARAM,
} from '@conversa/contracts';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { registerContract } from '../../http/gateway.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { deleteStoryfileVideo, findAssetFile, listStoryfileVideos } from './media.service.ts';
import { sendStoredBytes } from './range.ts';
import { createSharedMediaUrlSigner, type MediaUrlSigner } from './signed-urls.ts';

/** 403 text for an expired, tampered or foreign media URL; the web lists the videos again. */
export const MEDIA_LINK_INVALID_MESSAGE = 'This media link has expired or is not valid.';

/**
 * Grantees of the published storyfile's audience (publishing's `visitor:<id>`, the mobile app's
 * `catalogue`), as opposed to a signed-in person's (`user:`, `learning:`).
 */
function isPublicGrantee(grantee: string): boolean {
  return grantee.startsWith('visitor:') || grantee === 'catalogue';
}

/**
 * Media streaming and the storyfile video calls. `/media/<asset>/<file>` needs no session: the
 * signed `access_token` is the authorization, so `<video>` elements and the mobile app can
 * stream, seek (range requests) and cache without the cookie.
 */
export async function registerMediaRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    mediaStore: MediaStore;
    config: Config;
    /**
     * Whether the storyfile's share link answers visitors (publishing's, handed in by the
     * assembly): a visitor's or the public catalogue's URL stops working when it is unpublished.
     */
    isStoryfilePublished: (storyfileId: string) => Promise<boolean>;
  },
): Promise<MediaUrlSigner> {
  const { db, mediaStore } = options;
  const signer = await createSharedMediaUrlSigner(db, options.config.media.urlTtlSeconds);

  app.get<{ Params: { assetId: string; file: string }; Querystring: Record<string, string> }>(
    '/media/:assetId/:file',
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    async (request, reply) => {
      const { assetId, file } = request.params;
      const check = signer.checkToken(request.query[MEDIA_ACCESS_TOKEN_PARAM], { assetId, file });
      if (!check.ok) {
        return reply
          .status(403)
          .header('cache-control', 'no-store')
          .send({ statusCode: 403, error: 'FORBIDDEN', message: MEDIA_LINK_INVALID_MESSAGE });
      }
      // The file is found by name among the asset row's own files; URL text never becomes a path.
      const found = await findAssetFile(db, assetId, file);
      // A visitor's URL was signed for a published storyfile; it lives up to an hour, and
      // unpublishing must end it at once (issue 30), not when it expires.
      if (
        found &&
        isPublicGrantee(check.grant.userId) &&
        !(await options.isStoryfilePublished(found.asset.storyfileId))
      ) {
        return reply
          .status(403)
          .header('cache-control', 'no-store')
          .send({ statusCode: 403, error: 'FORBIDDEN', message: MEDIA_LINK_INVALID_MESSAGE });
      }
      const stored = found ? await mediaStore.stat(found.key) : null;
      if (!found || !stored) {
        return reply
          .status(404)
          .send({ statusCode: 404, error: 'NOT_FOUND', message: 'Not found.' });
      }
      const size = stored.sizeBytes;
      const secondsLeft = Math.max(0, check.grant.expiresAt - Math.floor(Date.now() / 1000));
      reply
        .header('accept-ranges', 'bytes')
        .header('cache-control', `private, max-age=${secondsLeft}, immutable`)
        .header('etag', `"${found.asset.id}-${found.file.name}"`)
        .header('last-modified', found.asset.createdAt.toUTCString())
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .type(found.file.contentType);
      return sendStoredBytes(reply, request.headers.range, size, (range) =>
        mediaStore.read(found.key, range),
      );
    },
  );

  registerContract(app, listStoryfileVideosContract, (request) =>
    listStoryfileVideos(db, signer, request.params.id, request.currentUser.iam),
  );
  registerContract(app, deleteStoryfileVideoContract, (request) =>
    deleteStoryfileVideo(db, mediaStore, request.params.id, request.params.videoId),
  );
  return signer;
}
