import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  askPublicStoryfileContract,
  getPublicSpeechHintsContract,
  getPublicStoryfileContract,
  getStoryfilePublicationContract,
  publishStoryfileContract,
  ratePublicExchangeContract,
  unpublishStoryfileContract,
} from '@conversa/contracts';
import { clientNetwork } from '../../http/client-network.ts';
import { registerContract } from '../../http/gateway.ts';
import { allowFramingByAnyOrigin } from '../../http/security-headers.ts';
import type { ConversationEngine } from '../conversations/index.ts';
import type { BrandResolver } from '../brands/index.ts';
import { getPublicSpeechHints, rateExchange } from '../training/index.ts';
import {
  askAsVisitor,
  findPublishedStoryfile,
  getPublicStoryfile,
  getPublication,
  publishStoryfile,
  unpublishStoryfile,
  visitorLimitKeys,
} from './publishing.service.ts';
import { createSharePageService } from './share-page.service.ts';
import { VISITOR_COOKIE } from './visitor-cookie.ts';
import { readVisitorId } from './visitor-links.ts';

export { VISITOR_COOKIE };
const VISITOR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const SHARE_PAGE_PATH = '/s/:slug';

/** The visitor id from the cookie, or a new one set on the reply (SameSite=None inside embeds). */
function getVisitorId(request: FastifyRequest, reply: FastifyReply, isHttps: boolean): string {
  const existing = readVisitorId(request);
  if (existing) {
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
    feedbackFormUrl?: string | undefined;
    brandFeedbackFormUrls?: readonly string[] | undefined;
    /** The request's brand: the share page's title names it, and its home address is the page's. */
    resolveBrand: BrandResolver;
    /** The built web console's index.html, the share page's shell; undefined without a build. */
    webIndexHtmlPath: string | undefined;
    /** Public asks one storyfile answers a minute, all visitors together (PUBLIC_ASK_LIMIT_PER_MINUTE). */
    storyfileAskLimitPerMinute: number;
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

  // Both limits are counted in the database, so replicas share them: per visitor (the storyfile's
  // client address, and its visitor cookie as sent, each on its own) and per storyfile.
  registerContract(app, askPublicStoryfileContract, async (request, reply) => {
    const sentVisitorCookie = request.cookies[VISITOR_COOKIE] ?? '';
    const visitorId = getVisitorId(request, reply, isHttps);
    return askAsVisitor(engine, {
      ...request.body,
      slug: request.params.slug,
      visitorId,
      clientKey: clientNetwork(request.ip),
      visitorLimitKeys: visitorLimitKeys('public-ask', {
        slug: request.params.slug,
        clientAddress: request.ip,
        visitorCookie: sentVisitorCookie,
      }),
      storyfileLimitPerMinute: options.storyfileAskLimitPerMinute,
    });
  });

  // A visitor rates an answer they were given: the visitor cookie must own the exchange.
  registerContract(app, ratePublicExchangeContract, async (request, reply) => {
    const storyfile = await findPublishedStoryfile(db, request.params.slug);
    return rateExchange(db, {
      exchangeId: request.params.exchangeId,
      storyfileId: storyfile.id,
      visitorKey: `visitor:${getVisitorId(request, reply, isHttps)}`,
      clientKey: clientNetwork(request.ip),
      feedback: request.body.feedback,
    });
  });

  // The recognizer's hints: the namespace's custom words the published storyfile's questions use.
  registerContract(app, getPublicSpeechHintsContract, async (request) => {
    const storyfile = await findPublishedStoryfile(db, request.params.slug);
    return getPublicSpeechHints(db, storyfile.id);
  });

  // Framing: the embed (`?embed=1`) may be framed by any site; the share page itself, like every
  // other page, only by the studio (the global security headers).
  app.get<{ Params: { slug: string }; Querystring: { embed?: unknown } }>(
    SHARE_PAGE_PATH,
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    async (request, reply) => {
      if (request.query.embed === '1') {
        allowFramingByAnyOrigin(reply, {
          publicUrl,
          feedbackFormUrl: options.feedbackFormUrl,
          brandFeedbackFormUrls: options.brandFeedbackFormUrls,
        });
      }
      const { brand, homeUrl } = options.resolveBrand(request);
      const page = await sharePages.getSharePage(request.params.slug, {
        name: brand.name,
        homeUrl,
      });
      return reply
        .status(page.status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );
}
