import type { FastifyInstance } from 'fastify';
import { AVATAR_NOT_FOUND_MESSAGE, avatarResourceTypeSchema } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { canViewAvatar } from '../uploads/index.ts';
import { findAvatar } from './avatars.service.ts';

/**
 * Browsers keep an avatar an hour; the web asks again sooner by changing the spec's `?timestamp`
 * (a new URL), which is how a fresh upload or a current-user-updated event shows at once.
 */
export const AVATAR_CACHE_CONTROL = 'private, max-age=3600';

/**
 * `GET /avatar/{id}/type/{resource_type}` (spec §7): the image, 204 when there is none yet, 404
 * for a resource the caller may not see. The id is the iam for user avatars and the
 * resource's own id for the other types, because a storyfile or namespace has no iam and two
 * resources of different types may not share one id space.
 */
export function registerAvatarRoutes(
  app: FastifyInstance,
  options: { db: Database; mediaStore: MediaStore },
): void {
  const { db, mediaStore } = options;
  app.get<{ Params: { id: string; resourceType: string } }>(
    '/avatar/:id/type/:resourceType',
    // Students too: the shell shows their own picture (a 403 was logged on each of their pages).
    {
      config: { permission: { kind: 'loggedIn' }, isOpenToStudents: true },
      schema: { hide: true },
    },
    async (request, reply) => {
      const notFound = () =>
        reply
          .status(404)
          .header('cache-control', 'no-store')
          .send({ statusCode: 404, error: 'NOT_FOUND', message: AVATAR_NOT_FOUND_MESSAGE });
      const resourceType = avatarResourceTypeSchema.safeParse(request.params.resourceType);
      const user = request.currentUser;
      if (!resourceType.success || !user) {
        return notFound();
      }
      const resourceId = request.params.id;
      const isVisible = await canViewAvatar(
        db,
        user,
        resourceType.data,
        resourceId,
        app.resolveStoryfileNamespace,
      );
      if (!isVisible) {
        return notFound();
      }
      const avatar = await findAvatar(db, resourceType.data, resourceId);
      const stored = avatar ? await mediaStore.stat(avatar.storageKey) : null;
      // No picture yet is the ordinary case (the web shows the logo): 204, not a 404 that every
      // page of a user without a picture logged in the console. Only something the caller may
      // see reaches here, so the two answers reveal nothing.
      if (!avatar || !stored) {
        return reply.status(204).header('cache-control', 'no-store').send();
      }
      const etag = `"${avatar.uploadId ?? avatar.updatedAt.getTime()}"`;
      reply
        .header('cache-control', AVATAR_CACHE_CONTROL)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('last-modified', avatar.updatedAt.toUTCString());
      if (request.headers['if-none-match'] === etag) {
        return reply.status(304).send();
      }
      return reply
        .type(avatar.contentType)
        .header('content-length', stored.sizeBytes)
        .send(await mediaStore.read(avatar.storageKey));
    },
  );
}
