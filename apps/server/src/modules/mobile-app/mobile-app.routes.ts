import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CATALOGUE_MAX_AGE_SECONDS,
  addFeaturedContract,
  getCatalogueFeaturedContract,
  getCataloguePopularContract,
  getCatalogueStoryfilesContract,
  listFeaturedContract,
  listMobileStoryfilesContract,
  listPopularContract,
  removeFeaturedContract,
  reorderFeaturedContract,
  setMobileStoryfileInAppContract,
  setPopularHiddenContract,
  updateFeaturedContract,
  type CataloguePage,
} from '@conversa/contracts';
import { registerContract } from '../../http/gateway.ts';
import type { ConversationEngine } from '../conversations/index.ts';
import {
  getCataloguePage,
  getCatalogueVersion,
  getCatalogueWindowStart,
  type CatalogueList,
} from './catalogue.service.ts';
import {
  addFeatured,
  listFeatured,
  removeFeatured,
  reorderFeatured,
  updateFeaturedDates,
} from './featured.service.ts';
import { listMobileStoryfiles, setInApp } from './in-app.service.ts';
import { listPopular, setPopularHidden } from './popular.service.ts';

/** Whether an If-None-Match header names the version (a list of tags, weak ones too, or `*`). */
function matchesVersion(header: string | undefined, etag: string): boolean {
  if (!header) {
    return false;
  }
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Mobile App curation (platform admins) and the consumer app's public catalogue. Catalogue
 * answers are revalidated by version first: a matching If-None-Match costs one hash query and
 * answers 304 without building the page.
 */
export function registerMobileAppRoutes(app: FastifyInstance, engine: ConversationEngine): void {
  const { db, signer } = engine;

  registerContract(app, listMobileStoryfilesContract, async (request) =>
    listMobileStoryfiles(db, request.query),
  );
  registerContract(app, setMobileStoryfileInAppContract, async (request) =>
    setInApp(db, request.currentUser, request.params.id, request.body.inApp),
  );
  registerContract(app, listFeaturedContract, async () => listFeatured(db));
  registerContract(app, addFeaturedContract, async (request) =>
    addFeatured(db, request.currentUser, request.body),
  );
  registerContract(app, updateFeaturedContract, async (request) =>
    updateFeaturedDates(db, request.params.id, request.body),
  );
  registerContract(app, removeFeaturedContract, async (request) =>
    removeFeatured(db, request.currentUser, request.params.id),
  );
  registerContract(app, reorderFeaturedContract, async (request) =>
    reorderFeatured(db, request.body.storyfileIds),
  );
  registerContract(app, listPopularContract, async (request) => listPopular(db, request.query));
  registerContract(app, setPopularHiddenContract, async (request) =>
    setPopularHidden(db, request.currentUser, request.params.id, request.body.hidden),
  );

  const serveCatalogue =
    (list: CatalogueList) =>
    async (
      request: FastifyRequest<{ Querystring: { page: number; pageSize: number } }>,
      reply: FastifyReply,
    ): Promise<CataloguePage> => {
      const windowStart = getCatalogueWindowStart(Date.now());
      const etag = await getCatalogueVersion(db, list, request.query, windowStart);
      reply
        .header('etag', etag)
        .header('cache-control', `public, max-age=${CATALOGUE_MAX_AGE_SECONDS}`)
        .header('vary', 'accept-encoding');
      if (matchesVersion(request.headers['if-none-match'], etag)) {
        // No body: the serializer is not asked for one.
        return reply.code(304).send() as never;
      }
      return getCataloguePage(db, signer, list, request.query, windowStart);
    };
  registerContract(app, getCatalogueFeaturedContract, serveCatalogue('featured'));
  registerContract(app, getCataloguePopularContract, serveCatalogue('popular'));
  registerContract(app, getCatalogueStoryfilesContract, serveCatalogue('storyfiles'));
}
