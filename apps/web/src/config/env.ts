import { z } from 'zod';

// Blank values count as unset, so `VITE_X=` in an .env file falls back to the default.
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** An absolute http(s) address or a path of this site. */
const linkSchema = z.union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/(?!\/)/)]);

const envSchema = z.object({
  /** Support email shown in the footer's Support tooltip. */
  VITE_SUPPORT_EMAIL: z.preprocess(blankAsUnset, z.email().default('support@conversa.studio')),
  /** Support phone shown in the footer's Support tooltip. */
  VITE_SUPPORT_PHONE: z.preprocess(
    blankAsUnset,
    z.string().trim().min(1).default('+1 (555) 010-0199'),
  ),
  /** External help site opened by the left menu's Help Center button. */
  VITE_HELP_CENTER_URL: z.preprocess(
    blankAsUnset,
    linkSchema.default('https://help.conversa.studio'),
  ),
  /** Privacy Policy page, opened in a new tab from the footer. */
  VITE_PRIVACY_POLICY_URL: z.preprocess(
    blankAsUnset,
    linkSchema.default('https://conversa.studio/privacy'),
  ),
  /** Terms of Service page, opened in a new tab from the footer. */
  VITE_TERMS_OF_SERVICE_URL: z.preprocess(
    blankAsUnset,
    linkSchema.default('https://conversa.studio/terms'),
  ),
});

export type WebConfig = {
  supportEmail: string;
  supportPhone: string;
  helpCenterUrl: string;
  privacyPolicyUrl: string;
  termsOfServiceUrl: string;
};

/**
 * Reads the build-time `VITE_*` variables. Every malformed value is listed in one error, so a bad
 * build fails on its first page load instead of showing a broken link.
 */
export function loadWebConfig(source: Record<string, unknown>): WebConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid web configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  return {
    supportEmail: env.VITE_SUPPORT_EMAIL,
    supportPhone: env.VITE_SUPPORT_PHONE,
    helpCenterUrl: env.VITE_HELP_CENTER_URL,
    privacyPolicyUrl: env.VITE_PRIVACY_POLICY_URL,
    termsOfServiceUrl: env.VITE_TERMS_OF_SERVICE_URL,
  };
}

export const webConfig: WebConfig = loadWebConfig(import.meta.env);
