import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import * as client from 'openid-client';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Config, UpstreamProviderConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { idpBrokerStates } from '../db/schema.ts';
import {
  checkPassword,
  findUserById,
  setPassword,
  updateUserName,
} from '../modules/users/users.service.ts';
import { resolveExternalIdentity } from './accounts.ts';
import { escapeHtml } from './html.ts';
import { renderIdpPage, renderLoginPage } from './idp-pages.ts';
import { createLazyOidcConfiguration } from './oidc-client.ts';
import { IDP_MOUNT_PATH, TOKEN_TTL } from './provider.ts';

const UPSTREAM_LABELS: Record<string, string> = {
  google: 'Google',
  facebook: 'Facebook',
  medtronic: 'Medtronic',
  walmart: 'Walmart',
};

const loginFormSchema = z.object({ email: z.string().trim(), password: z.string() });
const accountFormSchema = z.object({
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  currentPassword: z.string().default(''),
  newPassword: z.string().default(''),
});

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
  const upstreams = new Map(config.upstreamProviders.map((upstream) => [upstream.hint, upstream]));
  const upstreamConfigurations = new Map(
    config.upstreamProviders.map((upstream) => [
      upstream.hint,
      createLazyOidcConfiguration({
        issuer: upstream.issuer,
        clientId: upstream.clientId,
        clientSecret: upstream.clientSecret,
      }),
    ]),
  );
  const brokerCallbackUrl = (hint: string) =>
    `${config.publicUrl}${IDP_MOUNT_PATH}/broker/${hint}/callback`;

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
    scope.all(IDP_MOUNT_PATH, { config: { permission: { kind: 'public' } } }, forward);
    scope.all(`${IDP_MOUNT_PATH}/*`, { config: { permission: { kind: 'public' } } }, forward);
    done();
  });

  const upstreamLinks = (uid: string) =>
    [...upstreams.keys()].map((hint) => ({
      hint,
      label: UPSTREAM_LABELS[hint] ?? hint,
      href: `${IDP_MOUNT_PATH}/interaction/${uid}/upstream/${hint}`,
    }));

  const renderLogin = (uid: string, extra: { email?: string; error?: string } = {}) =>
    renderLoginPage({
      action: `${IDP_MOUNT_PATH}/interaction/${uid}/login`,
      upstreams: upstreamLinks(uid),
      ...extra,
    });

  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionFinished']>[2],
  ) => {
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
  };

  const startUpstream = async (
    reply: FastifyReply,
    uid: string,
    upstream: UpstreamProviderConfig,
  ) => {
    const configuration = await upstreamConfigurations.get(upstream.hint)!();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    await db.insert(idpBrokerStates).values({
      state,
      interactionUid: uid,
      hint: upstream.hint,
      nonce,
      codeVerifier,
      expiresAt: new Date(Date.now() + TOKEN_TTL.interaction * 1000),
    });
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: brokerCallbackUrl(upstream.hint),
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return reply.redirect(url.href, 303);
  };

  const publicRoute = { config: { permission: { kind: 'public' } } } as const;

  app.get<{ Params: { uid: string } }>(
    `${IDP_MOUNT_PATH}/interaction/:uid`,
    publicRoute,
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const { uid, prompt, params } = details;
      if (prompt.name === 'login') {
        const hint = (params.idp_hint ?? params.kc_idp_hint) as string | undefined;
        if (hint) {
          const upstream = upstreams.get(hint as UpstreamProviderConfig['hint']);
          if (upstream) {
            return startUpstream(reply, uid, upstream);
          }
          return sendHtml(
            reply,
            renderLogin(uid, {
              error: `Signing in with "${hint}" is not configured on this studio. Sign in with your email and password, or ask your administrator to set it up.`,
            }),
          );
        }
        return sendHtml(reply, renderLogin(uid));
      }
      // Consent: the studio is first-party, so the missing scopes are granted without a question.
      const accountId = details.session?.accountId;
      if (!accountId) {
        return sendHtml(reply, renderLogin(uid));
      }
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ??
          new provider.Grant({ accountId, clientId: params.client_id as string }))
        : new provider.Grant({ accountId, clientId: params.client_id as string });
      const missingScopes = (prompt.details.missingOIDCScope as string[] | undefined) ?? [];
      if (missingScopes.length > 0) {
        grant.addOIDCScope(missingScopes.join(' '));
      }
      const missingClaims = (prompt.details.missingOIDCClaims as string[] | undefined) ?? [];
      if (missingClaims.length > 0) {
        grant.addOIDCClaims(missingClaims);
      }
      const grantId = await grant.save();
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    },
  );

  app.post<{ Params: { uid: string } }>(
    `${IDP_MOUNT_PATH}/interaction/:uid/login`,
    { config: { permission: { kind: 'public' }, rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const form = loginFormSchema.safeParse(request.body);
      if (!form.success || !form.data.email || !form.data.password) {
        return sendHtml(
          reply,
          renderLogin(details.uid, { error: 'Enter your email and password.' }),
          400,
        );
      }
      const result = await checkPassword(db, form.data.email, form.data.password);
      if (!result.ok) {
        const error =
          result.reason === 'locked'
            ? `Too many failed attempts. This account is locked until ${result.lockedUntil?.toLocaleTimeString('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' })} UTC.`
            : 'The email or password is not correct.';
        return sendHtml(reply, renderLogin(details.uid, { email: form.data.email, error }), 401);
      }
      await finish(request, reply, { login: { accountId: result.user.id, amr: ['pwd'] } });
    },
  );

  app.get<{ Params: { uid: string; hint: string } }>(
    `${IDP_MOUNT_PATH}/interaction/:uid/upstream/:hint`,
    publicRoute,
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const upstream = upstreams.get(request.params.hint as UpstreamProviderConfig['hint']);
      if (!upstream) {
        return sendHtml(
          reply,
          renderLogin(details.uid, {
            error: `Signing in with "${request.params.hint}" is not configured on this studio.`,
          }),
          404,
        );
      }
      return startUpstream(reply, details.uid, upstream);
    },
  );

  app.get<{ Params: { hint: string } }>(
    `${IDP_MOUNT_PATH}/broker/:hint/callback`,
    publicRoute,
    async (request, reply) => {
      const currentUrl = new URL(request.url, config.publicUrl);
      const stateParam = currentUrl.searchParams.get('state') ?? '';
      await db.delete(idpBrokerStates).where(lt(idpBrokerStates.expiresAt, new Date()));
      const [pending] = await db
        .select()
        .from(idpBrokerStates)
        .where(
          and(eq(idpBrokerStates.state, stateParam), eq(idpBrokerStates.hint, request.params.hint)),
        );
      const upstream = upstreams.get(request.params.hint as UpstreamProviderConfig['hint']);
      if (!pending || !upstream) {
        return sendHtml(
          reply,
          renderIdpPage({
            title: 'Sign-in expired',
            body: `<h1>This sign-in has expired</h1><p class="muted">Start again from the studio.</p><p><a class="button" href="${config.publicUrl}/">Back to Conversa Studio</a></p>`,
          }),
          400,
        );
      }
      const configuration = await upstreamConfigurations.get(upstream.hint)!();
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      let claims: Record<string, unknown> = { ...tokens.claims() };
      if (typeof claims.email !== 'string') {
        claims = {
          ...claims,
          ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub as string)),
        };
      }
      const user = await resolveExternalIdentity(db, {
        issuer: configuration.serverMetadata().issuer,
        subject: String(claims.sub),
        email: typeof claims.email === 'string' ? claims.email : undefined,
        isEmailVerified: claims.email_verified === true,
        firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
        lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
      });
      await db
        .update(idpBrokerStates)
        .set({ userId: user.id })
        .where(eq(idpBrokerStates.state, pending.state));
      return reply.redirect(
        `${IDP_MOUNT_PATH}/interaction/${pending.interactionUid}/upstream-complete?state=${encodeURIComponent(pending.state)}`,
        303,
      );
    },
  );

  app.get<{ Params: { uid: string }; Querystring: { state?: string } }>(
    `${IDP_MOUNT_PATH}/interaction/:uid/upstream-complete`,
    publicRoute,
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const [completed] = await db
        .delete(idpBrokerStates)
        .where(
          and(
            eq(idpBrokerStates.state, request.query.state ?? ''),
            eq(idpBrokerStates.interactionUid, details.uid),
            isNotNull(idpBrokerStates.userId),
          ),
        )
        .returning();
      if (!completed?.userId) {
        return sendHtml(
          reply,
          renderLogin(details.uid, { error: 'That sign-in did not complete. Try again.' }),
          400,
        );
      }
      await finish(request, reply, { login: { accountId: completed.userId, amr: ['fed'] } });
    },
  );

  // Account page of the provider (spec §7): change name and password, for the signed-in account.
  const findSignedInAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await provider.Session.get(provider.createContext(request.raw, reply.raw));
    return session.accountId ? findUserById(db, session.accountId) : undefined;
  };
  const sendSignInFirst = (reply: FastifyReply) =>
    sendHtml(
      reply,
      renderIdpPage({
        title: 'Account',
        body: `<h1>Your account</h1><p class="muted">Sign in to the studio first.</p><p><a class="button" href="${config.publicUrl}/api/auth/login">Sign in</a></p>`,
      }),
      401,
    );

  app.get(`${IDP_MOUNT_PATH}/account`, publicRoute, async (request, reply) => {
    const user = await findSignedInAccount(request, reply);
    return user ? sendHtml(reply, renderAccountPage(user)) : sendSignInFirst(reply);
  });

  app.post(
    `${IDP_MOUNT_PATH}/account`,
    { config: { permission: { kind: 'public' }, rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const user = await findSignedInAccount(request, reply);
      if (!user) {
        return sendSignInFirst(reply);
      }
      const form = accountFormSchema.safeParse(request.body ?? {});
      if (!form.success) {
        return sendHtml(
          reply,
          renderAccountPage(user, { kind: 'error', text: 'Check the form and try again.' }),
          400,
        );
      }
      const { firstName, lastName, currentPassword, newPassword } = form.data;
      if (newPassword) {
        const check = await checkPassword(db, user.email, currentPassword);
        if (!check.ok) {
          return sendHtml(
            reply,
            renderAccountPage(user, {
              kind: 'error',
              text: 'Your current password is not correct.',
            }),
            400,
          );
        }
        if (newPassword.length < 8) {
          return sendHtml(
            reply,
            renderAccountPage(user, {
              kind: 'error',
              text: 'A password needs at least 8 characters.',
            }),
            400,
          );
        }
        await setPassword(db, user.id, newPassword);
      }
      await updateUserName(db, user.id, { firstName, lastName });
      const updated = (await findUserById(db, user.id))!;
      return sendHtml(
        reply,
        renderAccountPage(updated, { kind: 'success', text: 'Your account was saved.' }),
      );
    },
  );

  function renderAccountPage(
    user: {
      email: string;
      firstName: string | null;
      lastName: string | null;
      passwordHash: string | null;
    },
    notice?: { kind: 'error' | 'success'; text: string },
  ) {
    const message = notice
      ? `<p class="${notice.kind}" role="status">${escapeHtml(notice.text)}</p>`
      : '';
    const passwordFields = user.passwordHash
      ? `<label for="currentPassword">Current password</label>
  <input id="currentPassword" name="currentPassword" type="password" autocomplete="current-password">
  <label for="newPassword">New password</label>
  <input id="newPassword" name="newPassword" type="password" autocomplete="new-password" minlength="8">`
      : '<p class="muted">You sign in through your organisation, so there is no password to change here.</p>';
    return renderIdpPage({
      title: 'Your account',
      body: `<h1>Your account</h1>
<p class="muted">${escapeHtml(user.email)}</p>
${message}
<form method="post" action="${IDP_MOUNT_PATH}/account">
  <label for="firstName">First name</label>
  <input id="firstName" name="firstName" autocomplete="given-name" value="${escapeHtml(user.firstName ?? '')}">
  <label for="lastName">Last name</label>
  <input id="lastName" name="lastName" autocomplete="family-name" value="${escapeHtml(user.lastName ?? '')}">
  ${passwordFields}
  <button type="submit">Save</button>
</form>
<p><a href="${config.publicUrl}/dashboard">Back to Conversa Studio</a></p>`,
    });
  }
}
