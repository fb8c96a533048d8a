import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { createMailer } from '../modules/accounts/index.ts';
import {
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

  app.get<{ Params: { token: string } }>(
    `${SIGNUP_VERIFY_PATH}/:token`,
    page,
    async (request, reply) => {
      const verified = await verifyPromoEmail(db, request.params.token.slice(0, 200));
      return verified.ok
        ? sendHtml(reply, renderEmailVerifiedPage(config.publicUrl, verified.email))
        : sendHtml(reply, renderVerifyProblemPage(config.publicUrl, verified.message), 410);
    },
  );
}
