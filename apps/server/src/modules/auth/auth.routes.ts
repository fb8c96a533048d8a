import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  SIGNED_OUT_LANDING_PATH,
  refreshTokenResponseSchema,
  sessionInfoSchema,
  type SsoResult,
  type SignInErrorCode,
} from '@conversa/contracts';
import { AppError } from '../../http/errors.ts';
import { TOKEN_TTL } from './token-ttl.ts';
import type { AuthService } from './auth.service.ts';
import { SILENT_CHECK_HEADERS, SILENT_CHECK_PAGE } from './silent-check-page.ts';
import {
  clearLoginBindingCookie,
  createLoginBinding,
  readLoginBinding,
  setLoginBindingCookie,
} from './login-binding.ts';
import { BRAND_COOKIE, readSessionCookie, SESSION_COOKIE } from './session-cookie.ts';

const loginQuerySchema = z.object({
  idp: z.string().max(40).optional(),
  returnTo: z.string().max(2000).optional(),
  prompt: z.literal('none').optional(),
  // The landing page's Sign in after its silent check found no session (spec §4).
  flow: z.literal('hybrid').optional(),
  // The brand whose host handed the sign-in over to PUBLIC_URL's host (a known brand's id).
  brand: z.string().max(64).optional(),
});

/** A `form_post` answer: every field one string (formbody parses repeated fields as arrays). */
const formPostSchema = z.record(z.string(), z.string());

export const CALLBACK_PATH = '/api/auth/callback';

export const SILENT_CHECK_DONE_PATH = '/api/auth/silent-check-done';

/** The studio's same-origin auth endpoints (spec §7 /api/refresh_token, plus login, callback, logout). */
export function registerAuthRoutes(
  app: FastifyInstance,
  options: {
    auth: AuthService;
    isHttps: boolean;
    accountUrl: string;
    /** The brand a request's host names (issue 45), null for the studio's own. */
    brandOfHost?: (request: FastifyRequest) => string | null;
    /** Whether a brand of this id is configured (a sign-in handed over names its brand). */
    isKnownBrand?: (brandId: string) => boolean;
    /**
     * PUBLIC_URL: every sign-in's callback comes to its host, so a sign-in begun on another host
     * (a brand's) is handed over to it first, for the login binding cookie to be where the
     * callback can read it.
     */
    publicUrl?: string;
  },
): void {
  const { auth } = options;
  // The session's and the brand's cookies: the whole site, never read by scripts, sent on top-level
  // navigations from other sites (the provider's answer).
  const studioCookie = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.isHttps,
  } as const;
  const setSessionCookie = (reply: FastifyReply, sessionId: string) =>
    reply.setCookie(SESSION_COOKIE, sessionId, {
      ...studioCookie,
      maxAge: TOKEN_TTL.refreshToken,
    });
  // The brand a sign-in began under, kept as long as the session may be (BRAND_COOKIE).
  const setBrandCookie = (reply: FastifyReply, brandId: string) =>
    reply.setCookie(BRAND_COOKIE, brandId, { ...studioCookie, maxAge: TOKEN_TTL.refreshToken });
  const clearBrandCookie = (reply: FastifyReply) => reply.clearCookie(BRAND_COOKIE, studioCookie);
  const clearSessionCookie = (reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, studioCookie);
  // A code, never a sentence: the landing page shows the sentence of a code it knows, so no link
  // (nor a provider's error_description) puts words of its own on the studio's page (issue 43).
  const backToLanding = (reply: FastifyReply, code: SignInErrorCode) =>
    reply.redirect(`/?signInError=${code}`, 303);
  // A silent check ends in the hidden frame, never on the landing page, and never clears a session.
  const endSilentCheck = (reply: FastifyReply, result: SsoResult) =>
    reply.redirect(`${SILENT_CHECK_DONE_PATH}?result=${result}`, 303);

  app.get(
    '/api/auth/login',
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    async (request, reply) => {
      const query = loginQuerySchema.safeParse(request.query);
      const { brand: handedOverBrand, ...start } = query.success ? query.data : {};
      const hostBrand = options.brandOfHost?.(request) ?? null;
      const publicHost = options.publicUrl ? new URL(options.publicUrl).hostname : undefined;
      if (publicHost && request.hostname.toLowerCase() !== publicHost.toLowerCase()) {
        // Begun on a brand's host: the sign-in goes on from PUBLIC_URL's host, naming the brand.
        const handOver = new URL('/api/auth/login', options.publicUrl);
        for (const [name, value] of Object.entries(start)) {
          handOver.searchParams.set(name, value);
        }
        if (hostBrand) {
          handOver.searchParams.set('brand', hostBrand);
        }
        return reply.redirect(handOver.href, 303);
      }
      try {
        const brandId =
          hostBrand ??
          (handedOverBrand && options.isKnownBrand?.(handedOverBrand)
            ? handedOverBrand
            : undefined);
        const browserBinding = createLoginBinding();
        const url = await auth.startLogin({
          ...start,
          ...(brandId ? { brandId } : {}),
          browserBinding,
        });
        setLoginBindingCookie(reply, url, browserBinding, options.isHttps);
        return reply.redirect(url.href, 303);
      } catch (error) {
        if (query.success && query.data.prompt === 'none') {
          request.log.warn({ err: error }, 'silent sign-in check could not start');
          return endSilentCheck(reply, 'login-required');
        }
        if (error instanceof AppError) {
          const { signInError } = error as AppError & { signInError?: SignInErrorCode };
          return backToLanding(reply, signInError ?? 'failed');
        }
        request.log.error({ err: error }, 'sign-in could not start');
        return backToLanding(reply, 'unavailable');
      }
    },
  );

  // Where a person changes their name and password: the identity provider's account page.
  app.get(
    '/api/auth/account',
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    async (_request, reply) => reply.redirect(options.accountUrl, 303),
  );

  /*
   * The provider's answer. The code flow (the silent check, and every sign-in where the issuer
   * offers no hybrid flow) comes back as a GET with the answer in the query; the hybrid flow as a
   * `form_post` POST, from the provider's page: a cross-site POST when the issuer is on another
   * site. That POST carries no Lax studio cookie and needs none but the login binding (SameSite=None
   * over HTTPS); it is exempt from the system id header (`needsSystemIdHeader`), and its protection
   * is the answer itself: a state the studio issued to this browser (its binding cookie), used
   * once, within the hour, and an ID token signed by the issuer for this client, carrying the nonce
   * of that state and the hash of the code (c_hash). The Lax session cookie it sets is stored: the
   * POST is a top-level navigation.
   */
  // A failed sign-in this browser began ends the session it had (spec §8: the token is cleared),
  // on the server too, so what the cookie no longer names cannot be used (issue 53). An answer
  // that is not this browser's (a forged state, a link's `?error=`) ends nothing.
  const endSession = async (request: FastifyRequest, reply: FastifyReply) => {
    await auth.logout(readSessionCookie(request));
    clearSessionCookie(reply);
  };

  const handleCallback = async (
    request: FastifyRequest,
    reply: FastifyReply,
    formPost: URLSearchParams | undefined,
  ) => {
    const currentUrl = new URL(request.url, 'http://placeholder');
    const answer = formPost ?? currentUrl.searchParams;
    const state = answer.get('state');
    const browserBinding = readLoginBinding(request, state);
    // The state is used up whatever the outcome: so is its binding cookie.
    clearLoginBindingCookie(reply, state, options.isHttps);
    const providerError = answer.get('error');
    if (providerError) {
      // login_required, consent_required, interaction_required or anything else.
      const { isSilent, isBound, retryUrl } = await auth.abandonLogin(
        state,
        providerError,
        browserBinding,
      );
      if (retryUrl && browserBinding) {
        setLoginBindingCookie(reply, retryUrl, browserBinding, options.isHttps);
        request.log.info(
          { error: providerError },
          'the issuer refused the hybrid sign-in for this client; signing in with the code flow',
        );
        return reply.redirect(retryUrl.href, 303);
      }
      if (isSilent) {
        return endSilentCheck(reply, 'login-required');
      }
      if (isBound) {
        await endSession(request, reply);
      }
      request.log.info(
        { error: providerError, description: answer.get('error_description') },
        'sign-in was not completed at the provider',
      );
      return backToLanding(reply, 'not-completed');
    }
    const completion = await auth.completeLogin(
      auth.callbackUrl(request.url),
      formPost,
      browserBinding,
    );
    if (completion.kind === 'invalid') {
      // The landing page's URL carries a code only: the reason is in the studio's log, at warn
      // (the level a production studio logs at), with whether the binding cookie came back.
      const why = {
        code: completion.code,
        reason: completion.reason,
        isSilent: completion.isSilent,
        hasBinding: browserBinding !== undefined,
        flow: formPost ? 'hybrid' : 'code',
      };
      if (completion.isSilent) {
        request.log.warn(why, 'silent sign-in check failed');
        return endSilentCheck(reply, 'login-required');
      }
      if (completion.isBound) {
        await endSession(request, reply);
      }
      request.log.warn(why, 'sign-in failed');
      return backToLanding(reply, completion.code);
    }
    setSessionCookie(reply, completion.sessionId);
    if (completion.isSilent) {
      return endSilentCheck(reply, 'signed-in');
    }
    // A person's sign-in says which brand they work under: the host it began on.
    if (completion.brandId) {
      setBrandCookie(reply, completion.brandId);
    } else {
      clearBrandCookie(reply);
    }
    return reply.redirect(completion.returnTo, 303);
  };

  app.get(
    CALLBACK_PATH,
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    async (request, reply) => handleCallback(request, reply, undefined),
  );

  app.post(
    CALLBACK_PATH,
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    async (request, reply) => {
      const body = formPostSchema.safeParse(request.body);
      const contentType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      if (!body.success || contentType !== 'application/x-www-form-urlencoded') {
        request.log.warn(
          { code: 'failed', reason: 'The sign-in answer was not a form post.', contentType },
          'sign-in failed',
        );
        return backToLanding(reply, 'failed');
      }
      return handleCallback(request, reply, new URLSearchParams(body.data));
    },
  );

  app.get(
    SILENT_CHECK_DONE_PATH,
    {
      config: { permission: { kind: 'public' } },
      schema: { hide: true },
      helmet: SILENT_CHECK_HEADERS,
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(SILENT_CHECK_PAGE),
  );

  app.get(
    '/api/auth/session',
    {
      config: { permission: { kind: 'public' } },
      schema: {
        summary:
          'Expiries, roles and identity of the browser session (never its tokens); 204 when signed out',
        tags: ['auth'],
      },
    },
    async (request, reply) => {
      const sessionId = readSessionCookie(request);
      const session = sessionId ? await auth.findSession(sessionId) : undefined;
      // Signed out is an answer, not an error: every signed-out visit of the landing, share and
      // embed pages asks, and a 401 there was logged in each visitor's console.
      if (!session) {
        return reply.status(204).send();
      }
      return sessionInfoSchema.parse(await auth.describeSession(session));
    },
  );

  app.post(
    '/api/refresh_token',
    {
      config: { permission: { kind: 'public' } },
      schema: { summary: 'Refreshes the session tokens on the server (spec §7)', tags: ['auth'] },
    },
    async (request, reply) => {
      const sessionId = readSessionCookie(request);
      const outcome = sessionId ? await auth.refresh(sessionId) : ({ kind: 'rejected' } as const);
      if (outcome.kind === 'refreshed') {
        return refreshTokenResponseSchema.parse({
          session: await auth.describeSession(outcome.session),
        });
      }
      if (outcome.kind === 'rejected') {
        clearSessionCookie(reply);
        return reply
          .status(400)
          .send({ session: null, error: 'The session can no longer be refreshed.' });
      }
      request.log.warn({ reason: outcome.message }, 'token refresh failed');
      return reply
        .status(502)
        .send({ session: null, error: 'The sign-in service could not refresh the session.' });
    },
  );

  // Logout in two steps, so that the page's JavaScript never holds the ID token (issue 30): the
  // page's POST (with the system-id header: no other site can end a session) ends the studio
  // session and keeps the provider's ID token hint in an httpOnly cookie only the next step reads;
  // the page then navigates to GET /api/auth/logout, which the server answers with the redirect to
  // the provider's end-session. The GET ends nothing, so a link from elsewhere can do no harm.
  const setLogoutCookie = (reply: FastifyReply, idToken: string | null) =>
    reply.setCookie(LOGOUT_COOKIE, idToken ?? LOGOUT_WITHOUT_HINT, {
      path: LOGOUT_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.isHttps,
      maxAge: LOGOUT_COOKIE_MAX_AGE_SECONDS,
    });
  app.post(
    LOGOUT_PATH,
    {
      config: { permission: { kind: 'public' } },
      schema: { summary: 'Ends the session', tags: ['auth'] },
    },
    async (request, reply) => {
      const ended = await auth.logout(readSessionCookie(request));
      clearSessionCookie(reply);
      clearBrandCookie(reply);
      if (!ended.isProviderLogout) {
        return { redirectTo: SIGNED_OUT_LANDING_PATH };
      }
      setLogoutCookie(reply, ended.idToken);
      return { redirectTo: LOGOUT_PATH };
    },
  );
  app.get(
    LOGOUT_PATH,
    { config: { permission: { kind: 'public' } }, schema: { hide: true } },
    async (request, reply) => {
      const hint = request.cookies[LOGOUT_COOKIE];
      if (hint === undefined) {
        return reply.redirect(SIGNED_OUT_LANDING_PATH, 303);
      }
      reply.clearCookie(LOGOUT_COOKIE, {
        path: LOGOUT_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: options.isHttps,
      });
      const location = await auth.buildEndSessionRedirect(
        hint === LOGOUT_WITHOUT_HINT ? null : hint,
      );
      return reply.header('referrer-policy', 'no-referrer').redirect(location, 303);
    },
  );
}

const LOGOUT_PATH = '/api/auth/logout';
/** Holds the ID token hint from the logout POST to its GET; a minute is plenty for one redirect. */
const LOGOUT_COOKIE = 'conversa_logout';
const LOGOUT_COOKIE_MAX_AGE_SECONDS = 60;
const LOGOUT_WITHOUT_HINT = '-';
