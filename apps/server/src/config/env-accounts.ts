// Sign-in and accounts: the OpenID Connect issuer and upstream providers, the first admin and
// namespace, brands, feedback, and invitation mail.
import { z } from 'zod';
import { DEFAULT_INVITATION_EXPIRY_DAYS, IDP_HINTS } from '@conversa/contracts';
import { optionalString, optionalUrl, optionalUrlOf } from './env-fields.ts';

// IDP_<HINT>_ISSUER, _CLIENT_ID and _CLIENT_SECRET of each upstream provider the embedded issuer
// brokers (its hints in IDP_HINTS).
const upstreamVariables = Object.fromEntries(
  IDP_HINTS.flatMap((hint) => {
    const prefix = `IDP_${hint.toUpperCase()}`;
    return [
      [`${prefix}_ISSUER`, optionalUrl],
      [`${prefix}_CLIENT_ID`, optionalString],
      [`${prefix}_CLIENT_SECRET`, optionalString],
    ];
  }),
) as Record<string, typeof optionalString>;

/** Variables of this area, composed into the one schema of `env.ts`; a comment per variable. */
export const accountsEnvShape = {
  /** An external OpenID Connect issuer (e.g. a Keycloak realm); unset uses the embedded provider at /idp. */
  OIDC_ISSUER: optionalUrl,
  /** Client id of the studio at the issuer (default with the embedded provider: conversa-studio). */
  OIDC_CLIENT_ID: optionalString,
  /** Client secret of the studio at the issuer (generated and stored for the embedded provider). */
  OIDC_CLIENT_SECRET: optionalString,
  /** The platform admin to ensure on start; unset on first start creates one and prints its password once. */
  STUDIO_ADMIN_EMAIL: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.email().optional())
    .optional(),
  /** Password for STUDIO_ADMIN_EMAIL (set or reset on every start when given). */
  STUDIO_ADMIN_PASSWORD: optionalString.pipe(z.string().min(8).optional()),
  /**
   * Label of the namespace created, owned by the first platform admin, when the studio has no
   * namespace yet (its first start); set it empty to create none.
   */
  STUDIO_DEFAULT_NAMESPACE: z.string().trim().max(120).default('My studio'),
  /** Optional external form shown in the Give Feedback / Report a Bug dialogs. */
  FEEDBACK_FORM_URL: optionalUrl,
  /**
   * A JSON file of branded deployments (config/brands.example.json): each brand's host names,
   * name, logo, colour, landing text, support, help and feedback addresses and sign-in
   * provider. Unset = the studio's own brand on every host.
   */
  BRANDS_FILE: optionalString,
  /** Mail server for invitation emails (smtp:// or smtps://); unset = the inviter copies the link. */
  SMTP_URL: optionalUrlOf(/^smtps?$/),
  /** Sender of invitation emails. */
  SMTP_FROM: z.string().trim().min(3).default('Conversa Studio <no-reply@conversa.studio>'),
  /** Days an invitation link works before it expires. */
  INVITATION_EXPIRY_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(90)
    .default(DEFAULT_INVITATION_EXPIRY_DAYS),
  ...upstreamVariables,
};
