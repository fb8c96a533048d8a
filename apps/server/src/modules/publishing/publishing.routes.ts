import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  askPublicStoryfileContract,
  getPublicStoryfileContract,
  getStoryfilePublicationContract,
  PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE,
  PUBLIC_ASKS_PER_VISITOR_PER_MINUTE,
  publishStoryfileContract,
  shareSlugSchema,
  STORYFILE_NOT_AVAILABLE_MESSAGE,
  STORYFILE_RATE_LIMIT_MESSAGE,
  unpublishStoryfileContract,
  VISITOR_RATE_LIMIT_MESSAGE,
} from '@conversa/contracts';
import { registerContract } from '../../http/gateway.ts';
import { AppError } from '../../http/errors.ts';
import { askStoryfile, type ConversationEngine } from '../conversations/conversations.service.ts';
import {
  countRecentPublicAsks,
  findPublishedStoryfile,
  getPublicStoryfile,
  getPublication,
  publishStoryfile,
  unpublishStoryfile,
} from './publishing.service.ts';

/** Cookie that tells one visitor of the public player from another (no account, no personal data). */
export const VISITOR_COOKIE = 'conversa_visitor';
const VISITOR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const SHARE_PAGE_PATH = '/s/:slug';

const tooManyRequests = (message: string) => new AppError(429, 'TOO_MANY_REQUESTS', message);

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

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

function findWebIndexHtml(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 8; depth += 1) {
    const candidate = path.join(dir, 'apps', 'web', 'dist', 'index.html');
    if (existsSync(candidate)) {
      return candidate;
    }
    dir = path.dirname(dir);
  }
  return undefined;
}

const FALLBACK_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Conversa Studio</title></head><body><div id="root"></div></body></html>';

/** The web shell with the page's title and preview (OpenGraph) tags filled in. */
export function renderSharePage(
  shell: string,
  page: { title: string; description: string; url: string },
): string {
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:type" content="video.other" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(page.url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  const withoutTitle = shell.replace(/<title>[\s\S]*?<\/title>/i, '');
  return withoutTitle.replace(/<\/head>/i, `    ${tags}\n  </head>`);
}

/**
 * Publishing, the public player's calls (no account; asks rate-limited per visitor and per
 * storyfile) and the share page `/s/{slug}`, the only page other sites may frame.
 */
export function registerPublishingRoutes(
  app: FastifyInstance,
  options: { engine: ConversationEngine; publicUrl: string },
): void {
  const { engine, publicUrl } = options;
  const { db } = engine;
  const isHttps = publicUrl.startsWith('https:');

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
  // this many. The per-storyfile cap is counted in the database, so it holds across replicas.
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
      reply.header('retry-after', String(limit.ttlInSeconds));
      throw tooManyRequests(VISITOR_RATE_LIMIT_MESSAGE);
    }
    if ((await countRecentPublicAsks(db, storyfile.id)) >= PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE) {
      reply.header('retry-after', '60');
      throw tooManyRequests(STORYFILE_RATE_LIMIT_MESSAGE);
    }
    const outcome = await askStoryfile(engine, {
      storyfileId: storyfile.id,
      channel: request.body.channel,
      visitorKey: `visitor:${visitorId}`,
      text: request.body.text,
      inputMode: request.body.inputMode,
      conversationId: request.body.conversationId,
    });
    // Visitors get what to play, never the matcher's reasoning or the checklist.
    return {
      conversationId: outcome.conversationId,
      decision: outcome.decision,
      media: outcome.media,
      message: outcome.message,
    };
  });

  const indexHtmlPath = findWebIndexHtml();
  app.get<{ Params: { slug: string } }>(
    SHARE_PAGE_PATH,
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    async (request, reply) => {
      const shell = indexHtmlPath ? readFileSync(indexHtmlPath, 'utf8') : FALLBACK_SHELL;
      const slug = shareSlugSchema.safeParse(request.params.slug);
      const storyfile = slug.success
        ? await findPublishedStoryfile(db, slug.data).catch(() => null)
        : null;
      const page = storyfile
        ? {
            title: `${storyfile.name} | Conversa Studio`,
            description: storyfile.description || `Ask ${storyfile.name} a question.`,
          }
        : {
            title: 'Not available | Conversa Studio',
            description: STORYFILE_NOT_AVAILABLE_MESSAGE,
          };
      return reply
        .status(storyfile ? 200 : 404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          renderSharePage(shell, {
            ...page,
            url: `${publicUrl.replace(/\/$/, '')}/s/${encodeURIComponent(request.params.slug)}`,
          }),
        );
    },
  );
}
