import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PROMO_VERIFY_LINK_INVALID_MESSAGE } from '@conversa/contracts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { createMailer } from '../modules/accounts/index.ts';
import {
  findPendingVerification,
  redeemPromoCode,
  SIGNUP_PATH,
  SIGNUP_VERIFY_PATH,
  verifyPromoEmail,
  type SignupSettings,
} from '../modules/promo-codes/index.ts';
import { hashPassword } from '../modules/users/index.ts';
import { PASSWORD_MIN_LENGTH } from './account.service.ts';
import { IDP_PAGE_HEADERS } from './idp-pages.ts';
import {
  renderEmailVerifiedPage,
  renderSignupDonePage,
  renderSignupPage,
  renderVerifyEmailPage,
  renderVerifyProblemPage,
} from './signup-pages.ts';

/** Sign-ups one email address may try per hour, and one network address. */
export const SIGNUP_LIMIT_PER_EMAIL_PER_HOUR = 5;
export const SIGNUP_LIMIT_PER_IP_PER_HOUR = 30;
export const SIGNUP_RATE_LIMITED_MESSAGE =
  'Too many sign-up attempts from this address. Wait an hour and try again.';

const signupFormSchema = z.object({
  code: z.string().max(200).default(''),
  name: z.string().max(200).default(''),
  email: z.string().max(320).default(''),
  password: z.string().max(1000).default(''),
});

function sendHtml(reply: FastifyReply, html: string, status = 200) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The promo-code sign-up on the embedded provider's pages (`/signup?code=...`): a plain form that
 * works without the console's bundle, whose account the provider then signs in.
 */
export function registerSignupRoutes(
  app: FastifyInstance,
  options: { db: Database; config: Config },
): void {
  const { db, config } = options;
  const settings: SignupSettings = {
    publicUrl: config.publicUrl,
    mailer: createMailer({ smtpUrl: config.accounts.smtpUrl, from: config.accounts.smtpFrom }),
    log: app.log,
  };
  const page = {
    config: { permission: { kind: 'public' } },
    helmet: IDP_PAGE_HEADERS,
    schema: { hide: true },
  } as const;
  // Two limits: per email address (someone hammering one address) and per network address.
  const hour = 60 * 60 * 1000;
  const limitPerEmail = app.createRateLimit({
    max: SIGNUP_LIMIT_PER_EMAIL_PER_HOUR,
    timeWindow: hour,
    keyGenerator: (request: FastifyRequest) =>
      `signup-email:${
        signupFormSchema
          .safeParse(request.body ?? {})
          .data?.email.trim()
          .toLowerCase() ?? ''
      }`,
  });
  const limitPerIp = app.createRateLimit({
    max: SIGNUP_LIMIT_PER_IP_PER_HOUR,
    timeWindow: hour,
    keyGenerator: (request: FastifyRequest) => `signup-ip:${request.ip}`,
  });

  app.get<{ Querystring: { code?: string } }>(SIGNUP_PATH, page, (request, reply) => {
    const code = typeof request.query.code === 'string' ? request.query.code.slice(0, 40) : '';
    return sendHtml(
      reply,
      renderSignupPage({
        action: SIGNUP_PATH,
        publicUrl: config.publicUrl,
        values: { code, name: '', email: '' },
      }),
    );
  });

  app.post(SIGNUP_PATH, page, async (request, reply) => {
    const form = signupFormSchema.safeParse(request.body ?? {});
    const values = form.success
      ? { code: form.data.code.trim(), name: form.data.name.trim(), email: form.data.email.trim() }
      : { code: '', name: '', email: '' };
    const refuse = (
      field: 'code' | 'name' | 'email' | 'password' | null,
      message: string,
      status: number,
    ) =>
      sendHtml(
        reply,
        renderSignupPage({
          action: SIGNUP_PATH,
          publicUrl: config.publicUrl,
          values,
          error: { field, message },
        }),
        status,
      );
    for (const limit of [await limitPerIp(request), await limitPerEmail(request)]) {
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', String(limit.ttlInSeconds));
        return refuse(null, SIGNUP_RATE_LIMITED_MESSAGE, 429);
      }
    }
    if (!form.success) {
      return refuse(null, 'Check the form and try again.', 400);
    }
    if (form.data.password.length < PASSWORD_MIN_LENGTH) {
      return refuse(
        'password',
        `A password needs at least ${PASSWORD_MIN_LENGTH} characters.`,
        400,
      );
    }
    const result = await redeemPromoCode(db, settings, {
      code: values.code,
      name: values.name,
      email: values.email,
      passwordHash: await hashPassword(form.data.password),
    });
    if (!result.ok) {
      return refuse(result.field, result.message, result.field === 'email' ? 409 : 400);
    }
    return sendHtml(reply, renderSignupDonePage(result), 201);
  });

  // The link's page only reads (mail scanners open links); its button posts, and only that verifies.
  app.get<{ Params: { token: string } }>(
    `${SIGNUP_VERIFY_PATH}/:token`,
    page,
    async (request, reply) => {
      const token = request.params.token.slice(0, 200);
      const pending = await findPendingVerification(db, token);
      return pending
        ? sendHtml(
            reply,
            renderVerifyEmailPage({
              action: `${SIGNUP_VERIFY_PATH}/${encodeURIComponent(token)}`,
              email: pending.email,
            }),
          )
        : sendHtml(
            reply,
            renderVerifyProblemPage(config.publicUrl, PROMO_VERIFY_LINK_INVALID_MESSAGE),
            410,
          );
    },
  );

  app.post<{ Params: { token: string } }>(
    `${SIGNUP_VERIFY_PATH}/:token`,
    page,
    async (request, reply) => {
      // Cross-site forms are refused like the console's cross-site writes: only the studio's own
      // page (or a client that sends no Origin, such as a script holding the link) may post here.
      if (!isSameOriginPost(request, config.publicUrl)) {
        return sendHtml(
          reply,
          renderVerifyProblemPage(config.publicUrl, VERIFY_CROSS_SITE_MESSAGE),
          403,
        );
      }
      const verified = await verifyPromoEmail(db, request.params.token.slice(0, 200));
      return verified.ok
        ? sendHtml(reply, renderEmailVerifiedPage(config.publicUrl, verified.email))
        : sendHtml(reply, renderVerifyProblemPage(config.publicUrl, verified.message), 410);
    },
  );
}

/** The refusal of a verification posted from another site's page. */
export const VERIFY_CROSS_SITE_MESSAGE =
  'This verification came from another website. Open the link from your email and press the button there.';

/**
 * A form post from the studio's own pages. Browsers say where a request comes from: Sec-Fetch-Site
 * (which no page can set) or, in older ones, Origin. A client that sends neither is no browser a
 * foreign page could drive (a script holding the link), so it may post.
 */
function isSameOriginPost(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    return site === 'same-origin' || site === 'none';
  }
  const origin = request.headers.origin;
  return origin === undefined || origin === new URL(publicUrl).origin;
}
