import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { z } from 'zod';
import {
  acceptInvitationWithNewAccount,
  findInvitationByToken,
  INVITATION_PATH,
} from '../modules/accounts/index.ts';
import { findUserById, hashPassword } from '../modules/users/index.ts';
import { PASSWORD_MIN_LENGTH } from './account.service.ts';
import {
  renderInvitationAcceptedPage,
  renderInvitationProblemPage,
  renderInvitationSetPasswordPage,
  renderInvitationSignInPage,
} from './invitation-pages.ts';
import { saveAccount, signInWithPassword } from './account.service.ts';
import { createUpstreamBroker } from './broker.service.ts';
import { DEFAULT_BRAND_ID } from '@conversa/contracts';
import { createBrandResolver } from '../modules/brands/index.ts';
import {
  createIdpPageHeaders,
  type IdpBrand,
  renderAccountPage,
  renderLoginPage,
  renderSignInExpiredPage,
  renderSignInFirstPage,
} from './idp-pages.ts';
import { grantFirstPartyConsent, IDP_MOUNT_PATH } from './provider.ts';
import { CROSS_SITE_FORM_MESSAGE, isSameOriginForm } from './same-origin-form.ts';
import { registerSignupRoutes } from './signup.routes.ts';

const ACCOUNT_PATH = `${IDP_MOUNT_PATH}/account`;

function sendHtml(reply: FastifyReply, html: string, status = 200) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Mounts the embedded OpenID provider at /idp with its sign-in, broker and account pages. */
export async function registerIdentityProviderRoutes(
  app: FastifyInstance,
  options: { provider: Provider; db: Database; config: Config },
): Promise<void> {
  const { provider, db, config } = options;
  const broker = createUpstreamBroker({
    db,
    publicUrl: config.publicUrl,
    upstreams: config.upstreamProviders,
  });
  // The brand a sign-in began under (the studio names it in the authorization request, as
  // `brand`), else the brand of this host or of the person's last sign-in (issue 54, item 9).
  const resolveBrand = createBrandResolver(config.brands, config.publicUrl);
  const brandsById = new Map(config.brands.brands.map(({ brand }) => [brand.id, brand]));
  const findPageBrand = (request: FastifyRequest, named: unknown): IdpBrand | undefined => {
    const brand =
      (typeof named === 'string' ? brandsById.get(named) : undefined) ??
      resolveBrand(request).brand;
    return brand.id === DEFAULT_BRAND_ID ? undefined : brand;
  };
  const pageHeaders = createIdpPageHeaders(
    config.brands.brands.flatMap(({ brand }) => (brand.primaryColor ? [brand.primaryColor] : [])),
  );
  // Every provider route, its own endpoints and pages included, answers with the pages' policy.
  // They are pages and the provider's protocol (described by its discovery document), not the
  // gateway API, so the OpenAPI document leaves them out.
  const publicRoute = {
    config: { permission: { kind: 'public' } },
    helmet: pageHeaders,
    schema: { hide: true },
  } as const;

  // The provider reads raw request bodies itself, so its catch-all route must not parse them.
  const callback = provider.callback();
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(IDP_MOUNT_PATH.length) || '/';
      void callback(raw, reply.raw);
    };
    scope.all(IDP_MOUNT_PATH, publicRoute, forward);
    scope.all(`${IDP_MOUNT_PATH}/*`, publicRoute, forward);
    done();
  });

  const renderLogin = (
    uid: string,
    brand: IdpBrand | undefined,
    extra: { email?: string | undefined; error?: string } = {},
  ) =>
    renderLoginPage({
      action: `${IDP_MOUNT_PATH}/interaction/${uid}/login`,
      upstreams: broker.listLinks(uid),
      brand,
      ...extra,
    });
  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionFinished']>[2],
    mergeWithLastSubmission = false,
  ) => {
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, result, {
      mergeWithLastSubmission,
    });
  };
  const startUpstream = async (reply: FastifyReply, uid: string, hint: string) =>
    reply.redirect((await broker.startSignIn(uid, hint)).href, 303);

  // The sign-in pages of one interaction.
  await app.register((scope, _options, done) => {
    scope.setErrorHandler((error, _request, reply) => {
      if ((error as Error).name === 'SessionNotFound') {
        // A finished or expired sign-in page (e.g. reached with the back button after logout).
        return reply.redirect('/', 303);
      }
      // Everything else is answered by the studio's error handler.
      throw error;
    });

    scope.get<{ Params: { uid: string } }>(
      `${IDP_MOUNT_PATH}/interaction/:uid`,
      publicRoute,
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const { uid, prompt, params } = details;
        const brand = findPageBrand(request, params.brand);
        if (prompt.name === 'login') {
          const hint = (params.idp_hint ?? params.kc_idp_hint) as string | undefined;
          if (hint && broker.isConfigured(hint)) {
            return startUpstream(reply, uid, hint);
          }
          const error = hint
            ? `Signing in with "${hint}" is not configured on this studio. Sign in with your email and password, or ask your administrator to set it up.`
            : undefined;
          return sendHtml(reply, renderLogin(uid, brand, error ? { error } : {}));
        }
        const accountId = details.session?.accountId;
        if (!accountId) {
          return sendHtml(reply, renderLogin(uid, brand));
        }
        await finish(
          request,
          reply,
          await grantFirstPartyConsent(provider, details, accountId),
          true,
        );
      },
    );

    scope.post<{ Params: { uid: string } }>(
      `${IDP_MOUNT_PATH}/interaction/:uid/login`,
      {
        config: { permission: { kind: 'public' }, rateLimit: { max: 30, timeWindow: '1 minute' } },
        helmet: pageHeaders,
        schema: { hide: true },
      },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const result = await signInWithPassword(db, request.body, request.ip);
        if (!result.ok) {
          return sendHtml(
            reply,
            renderLogin(details.uid, findPageBrand(request, details.params.brand), {
              email: result.email,
              error: result.error,
            }),
            result.status,
          );
        }
        await finish(request, reply, { login: { accountId: result.userId, amr: ['pwd'] } });
      },
    );

    scope.get<{ Params: { uid: string; hint: string } }>(
      `${IDP_MOUNT_PATH}/interaction/:uid/upstream/:hint`,
      publicRoute,
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const { hint } = request.params;
        if (!broker.isConfigured(hint)) {
          return sendHtml(
            reply,
            renderLogin(details.uid, findPageBrand(request, details.params.brand), {
              error: `Signing in with "${hint}" is not configured on this studio.`,
            }),
            404,
          );
        }
        return startUpstream(reply, details.uid, hint);
      },
    );

    scope.get<{ Params: { uid: string }; Querystring: { state?: string } }>(
      `${IDP_MOUNT_PATH}/interaction/:uid/upstream-complete`,
      publicRoute,
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const userId = await broker.takeSignedInUser(details.uid, request.query.state ?? '');
        if (!userId) {
          return sendHtml(
            reply,
            renderLogin(details.uid, findPageBrand(request, details.params.brand), {
              error: 'That sign-in did not complete. Try again.',
            }),
            400,
          );
        }
        await finish(request, reply, { login: { accountId: userId, amr: ['fed'] } });
      },
    );
    done();
  });

  app.get<{ Params: { hint: string } }>(
    `${IDP_MOUNT_PATH}/broker/:hint/callback`,
    publicRoute,
    async (request, reply) => {
      const completed = await broker.completeCallback(
        request.params.hint,
        new URL(request.url, config.publicUrl),
      );
      if (!completed) {
        return sendHtml(reply, renderSignInExpiredPage(config.publicUrl), 400);
      }
      return reply.redirect(
        `${IDP_MOUNT_PATH}/interaction/${completed.interactionUid}/upstream-complete?state=${encodeURIComponent(completed.state)}`,
        303,
      );
    },
  );

  // Account page of the provider (spec §7): change name and password, for the signed-in account.
  const findSignedInAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await provider.Session.get(provider.createContext(request.raw, reply.raw));
    return session.accountId ? findUserById(db, session.accountId) : undefined;
  };
  const linksFor = (request: FastifyRequest) => ({
    publicUrl: config.publicUrl,
    action: ACCOUNT_PATH,
    brand: findPageBrand(request, undefined),
  });

  app.get(ACCOUNT_PATH, publicRoute, async (request, reply) => {
    const user = await findSignedInAccount(request, reply);
    return user
      ? sendHtml(reply, renderAccountPage(linksFor(request), user))
      : sendHtml(reply, renderSignInFirstPage(config.publicUrl), 401);
  });

  app.post(
    ACCOUNT_PATH,
    {
      config: { permission: { kind: 'public' }, rateLimit: { max: 10, timeWindow: '1 minute' } },
      helmet: pageHeaders,
      schema: { hide: true },
    },
    async (request, reply) => {
      const user = await findSignedInAccount(request, reply);
      if (!user) {
        return sendHtml(reply, renderSignInFirstPage(config.publicUrl), 401);
      }
      if (!isSameOriginForm(request, config.publicUrl)) {
        request.log.warn(
          { origin: request.headers.origin },
          'account form from another site refused',
        );
        const notice = { kind: 'error', text: CROSS_SITE_FORM_MESSAGE } as const;
        return sendHtml(reply, renderAccountPage(linksFor(request), user, notice), 403);
      }
      const saved = await saveAccount(db, user, request.body, request.ip);
      return saved.ok
        ? sendHtml(
            reply,
            renderAccountPage(linksFor(request), saved.user, {
              kind: 'success',
              text: 'Your account was saved.',
            }),
          )
        : sendHtml(
            reply,
            renderAccountPage(linksFor(request), user, { kind: 'error', text: saved.error }),
            400,
          );
    },
  );

  // Promo-code sign-up (/signup?code=...): the provider creates the account it then signs in.
  registerSignupRoutes(app, { db, config });

  // Invitation links: a new person sets a password here; an existing account signs in, and
  // signing in accepts the invitations waiting for its email (auth's completeLogin).
  const invitationForm = z.object({
    firstName: z.string().trim().max(100).default(''),
    lastName: z.string().trim().max(100).default(''),
    password: z.string().max(1000).default(''),
  });
  app.get<{ Params: { token: string } }>(
    `${INVITATION_PATH}/:token`,
    publicRoute,
    async (request, reply) => {
      const found = await findInvitationByToken(db, request.params.token);
      if (!found.ok) {
        return sendHtml(reply, renderInvitationProblemPage(config.publicUrl, found.message), 410);
      }
      return found.hasPassword
        ? sendHtml(reply, renderInvitationSignInPage(config.publicUrl, found.invitation))
        : sendHtml(reply, renderInvitationSetPasswordPage(request.url, found.invitation));
    },
  );
  app.post<{ Params: { token: string } }>(
    `${INVITATION_PATH}/:token`,
    {
      config: { permission: { kind: 'public' }, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { hide: true },
    },
    async (request, reply) => {
      const found = await findInvitationByToken(db, request.params.token);
      if (!found.ok) {
        return sendHtml(reply, renderInvitationProblemPage(config.publicUrl, found.message), 410);
      }
      if (found.hasPassword) {
        return sendHtml(reply, renderInvitationSignInPage(config.publicUrl, found.invitation));
      }
      const form = invitationForm.safeParse(request.body ?? {});
      if (!form.success || form.data.password.length < PASSWORD_MIN_LENGTH) {
        return sendHtml(
          reply,
          renderInvitationSetPasswordPage(
            request.url,
            found.invitation,
            `A password needs at least ${PASSWORD_MIN_LENGTH} characters.`,
          ),
          400,
        );
      }
      const accepted = await acceptInvitationWithNewAccount(db, request.params.token, {
        firstName: form.data.firstName,
        lastName: form.data.lastName,
        passwordHash: await hashPassword(form.data.password),
      });
      return accepted.ok
        ? sendHtml(
            reply,
            renderInvitationAcceptedPage(
              config.publicUrl,
              accepted.email,
              found.invitation.organizationLabel,
            ),
          )
        : sendHtml(reply, renderInvitationProblemPage(config.publicUrl, accepted.message), 409);
    },
  );
}
