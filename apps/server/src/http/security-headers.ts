import { createHash } from 'node:crypto';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/*
 * The headers a browser expects, set by @fastify/helmet on every answer (its onRequest hook), so
 * pages, API answers, media and the provider's pages all carry them. Pages that need something
 * else say so in their route's `helmet` option (the provider's pages, the silent check) or, for
 * the one page others may frame, with `allowFramingByAnyOrigin`.
 */

type ContentSecurityPolicy = Exclude<
  NonNullable<FastifyHelmetOptions['contentSecurityPolicy']>,
  boolean
>;
export type CspDirectives = NonNullable<ContentSecurityPolicy['directives']>;

/** `'sha256-…'` of an inline script or style, for a CSP that allows exactly that text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * Camera and microphone for the studio's own pages (recording, spoken questions, also inside an
 * embed, whose document is the studio's); nothing for any other origin, and no other feature.
 * Helmet does not set this header, so it is the one written here.
 */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), display-capture=()';

export interface SecurityHeaderOptions {
  publicUrl: string;
  /** The external feedback form the console frames (FEEDBACK_FORM_URL), if any. */
  feedbackFormUrl?: string | undefined;
  /** The brands' own feedback forms (BRANDS_FILE), framed on their hosts. */
  brandFeedbackFormUrls?: readonly string[] | undefined;
}

/**
 * The console's policy (apps/web: module scripts and a stylesheet under /assets, no inline
 * script; WebAssembly, and the audio worklet, model and WebAssembly of the voice-activity detector
 * from /assets, all the studio's own). Styles allow 'unsafe-inline' because Radix's scroll lock and the drag-and-drop library
 * insert <style> elements at run time; scripts allow only the studio's own files.
 */
export function getConsoleDirectives(options: SecurityHeaderOptions): CspDirectives {
  const isHttps = options.publicUrl.startsWith('https:');
  const feedbackOrigins = [
    ...new Set(
      [options.feedbackFormUrl, ...(options.brandFeedbackFormUrls ?? [])].flatMap((url) =>
        url ? [new URL(url).origin] : [],
      ),
    ),
  ];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    // 'wasm-unsafe-eval' compiles WebAssembly only (the spoken question's voice-activity
    // detector, onnxruntime-web); eval and new Function stay blocked.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Avatars and posters are the studio's; recorded takes play from blob: URLs before upload.
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    frameSrc: ["'self'", ...feedbackOrigins],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: isHttps ? [] : null,
  };
}

/** Registers helmet (before any route, so every route and the not-found handler get it). */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  const isHttps = options.publicUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: getConsoleDirectives(options) },
    xFrameOptions: { action: 'sameorigin' },
    xContentTypeOptions: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only over https: on http the browser ignores it anyway, and a wrong one pins a host to https.
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // The embed is framed by other sites and its media are the studio's own: same-origin resource
    // and opener policies would not hurt it, but cross-origin embedder policy would break framing.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

/**
 * The embed page (`/s/{slug}?embed=1`) only: any site may frame it. Same policy otherwise.
 */
export function allowFramingByAnyOrigin(reply: FastifyReply, options: SecurityHeaderOptions): void {
  reply.helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...getConsoleDirectives(options), frameAncestors: ['*'] },
    },
    xFrameOptions: false,
  });
  reply.raw.removeHeader('x-frame-options');
}

/**
 * Headers that only a document (or a worker) acts on. A hashed script or stylesheet under
 * /assets/ is never a document, so it goes without them: over HTTP/1.1 they cost ~0.8 KB on every
 * asset, and a first load fetches 17-37 scripts (issue 21's budgets count those bytes). Kept on
 * assets: nosniff (what makes a browser refuse a script served as another type),
 * Cross-Origin-Resource-Policy and HSTS. A worker script (its file name says `worker`) keeps all:
 * its own response's CSP is the worker's policy.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'permissions-policy',
  'referrer-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  // Hashed and `immutable`: never revalidated, so no validators either.
  'etag',
  'last-modified',
] as const;

/** /assets/<name>: a hashed build asset that is not a worker script. */
export function isLeanAsset(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname.startsWith('/assets/') && !pathname.includes('worker');
}

/** Whether an answer is a document: every HTML answer keeps the document headers. */
function isHtmlAnswer(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && /^\s*text\/html/i.test(type);
}

/**
 * Drops the document-only headers from built assets (see DOCUMENT_ONLY_HEADERS); never from an
 * HTML answer, whatever its address.
 */
export function trimAssetHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && isLeanAsset(request.url) && !isHtmlAnswer(reply)) {
      for (const name of DOCUMENT_ONLY_HEADERS) {
        reply.removeHeader(name);
      }
    }
    return payload;
  });
}
