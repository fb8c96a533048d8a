import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  askPublicStoryfileContract,
  getPublicStoryfileContract,
  getStoryfilePublicationContract,
  PUBLIC_ASKS_PER_VISITOR_PER_MINUTE,
  publishStoryfileContract,
  ratePublicExchangeContract,
  unpublishStoryfileContract,
  VISITOR_RATE_LIMIT_MESSAGE,
} from '@conversa/contracts';
import { tooManyRequests } from '../../http/errors.ts';
import { registerContract } from '../../http/gateway.ts';
import type { ConversationEngine } from '../conversations/index.ts';
import { rateExchange } from '../training/index.ts';
import {
  askAsVisitor,
  findPublishedStoryfile,
  getPublicStoryfile,
  getPublication,
  publishStoryfile,
  unpublishStoryfile,
} from './publishing.service.ts';
import { createSharePageService } from './share-page.service.ts';

/** Cookie that tells one visitor of the public player from another (no account, no personal data). */
export const VISITOR_COOKIE = 'conversa_visitor';
const VISITOR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const SHARE_PAGE_PATH = '/s/:slug';

/** The visitor id from the cookie, or a new one set on the reply (SameSite=None inside embeds). */
function getVisitorId(request: FastifyRequest, reply: FastifyReply, isHttps: boolean): string {
  const existing = request.cookies[VISITOR_COOKIE];
  if (existing && /^[0-9a-f-]{36}$/.test(existing)) {
    return existing;
  }
  const id = randomUUID();
  reply.setCookie(VISITOR_COOKIE, id, {
    path: '/',
    httpOnly: true,
    secure: isHttps,
    sameSite: isHttps ? 'none' : 'lax',
    maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS,
  });
  return id;
}

/**
 * Publishing, the public player's calls (no account; asks rate-limited per visitor and per
 * storyfile) and the share page `/s/{slug}`, the only page other sites may frame.
 */
export function registerPublishingRoutes(
  app: FastifyInstance,
  options: {
    engine: ConversationEngine;
    publicUrl: string;
    /** The built web console's index.html, the share page's shell; undefined without a build. */
    webIndexHtmlPath: string | undefined;
  },
): void {
  const { engine, publicUrl } = options;
  const { db } = engine;
  const isHttps = publicUrl.startsWith('https:');
  const sharePages = createSharePageService({
    db,
    publicUrl,
    webIndexHtmlPath: options.webIndexHtmlPath,
  });

  // Framing: the share page may be embedded anywhere; every other page only by the studio itself.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url === SHARE_PAGE_PATH) {
      reply.header('content-security-policy', 'frame-ancestors *');
      reply.removeHeader('x-frame-options');
    } else if (!reply.hasHeader('x-frame-options')) {
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    return payload;
  });

  registerContract(app, publishStoryfileContract, async (request) =>
    publishStoryfile(db, request.params.id, request.currentUser.iam),
  );
  registerContract(app, unpublishStoryfileContract, async (request) =>
    unpublishStoryfile(db, request.params.id),
  );
  registerContract(app, getStoryfilePublicationContract, async (request) =>
    getPublication(db, request.params.id),
  );

  registerContract(app, getPublicStoryfileContract, async (request, reply) => {
    const visitorId = getVisitorId(request, reply, isHttps);
    return getPublicStoryfile(engine, request.params.slug, `visitor:${visitorId}`);
  });

  // In-process counter per visitor (IP and visitor cookie) and storyfile: replicas each allow
  // this many. The per-storyfile cap is counted in the database (askAsVisitor).
  const limitVisitor = app.createRateLimit({
    max: PUBLIC_ASKS_PER_VISITOR_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) =>
      `public-ask|${(request.params as { slug?: string }).slug}|${request.ip}|${request.cookies[VISITOR_COOKIE] ?? ''}`,
  });
  registerContract(app, askPublicStoryfileContract, async (request, reply) => {
    const storyfile = await findPublishedStoryfile(db, request.params.slug);
    const visitorId = getVisitorId(request, reply, isHttps);
    const limit = await limitVisitor(request);
    // `isAllowed` only marks allow-listed keys; `isExceeded` is the verdict.
    if (!limit.isAllowed && limit.isExceeded) {
      throw tooManyRequests(VISITOR_RATE_LIMIT_MESSAGE, limit.ttlInSeconds);
    }
    return askAsVisitor(engine, { storyfileId: storyfile.id, visitorId, ...request.body });
  });

  // A visitor rates an answer they were given: the visitor cookie must own the exchange.
  registerContract(app, ratePublicExchangeContract, async (request, reply) => {
    const storyfile = await findPublishedStoryfile(db, request.params.slug);
    return rateExchange(db, {
      exchangeId: request.params.exchangeId,
      storyfileId: storyfile.id,
      visitorKey: `visitor:${getVisitorId(request, reply, isHttps)}`,
      feedback: request.body.feedback,
    });
  });

  app.get<{ Params: { slug: string } }>(
    SHARE_PAGE_PATH,
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    async (request, reply) => {
      const page = await sharePages.getSharePage(request.params.slug);
      return reply
        .status(page.status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );
}
