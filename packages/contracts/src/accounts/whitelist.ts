import { z } from 'zod';
import { isValidEmail } from './email.ts';

export const WHITELIST_REFUSED_MESSAGE =
  'Your email address is not on the whitelist of any organization. Ask an owner of your organization to invite you or to add your address.';
export const WHITELIST_ENTRY_TAKEN_MESSAGE = 'This entry is already on the whitelist.';
export const WHITELIST_ENTRY_NOT_FOUND_MESSAGE = 'Whitelist entry not found.';
export const WHITELIST_DOMAIN_INVALID_MESSAGE =
  'Enter a domain such as example.com (letters, digits and hyphens, with a top-level domain of two or more letters) or a single email address.';
export const WHITELIST_CONSUMER_DOMAIN_MESSAGE =
  'Consumer mail domains cannot be whitelisted: anyone can get an address there. Add single addresses instead.';

/** Public mail providers anyone can sign up at; whitelisting one would admit the world. */
export const CONSUMER_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'qq.com',
  '163.com',
  '126.com',
  'web.de',
  'fastmail.com',
  'tutanota.com',
];

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A fully qualified domain name: two or more labels, the last of two or more letters, ≤ 253 characters. */
export function isFullyQualifiedDomain(value: string): boolean {
  const labels = value.toLowerCase().split('.');
  return (
    value.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    /^[a-z]{2,63}$/.test(labels.at(-1)!)
  );
}

/**
 * Reads a whitelist entry: a single address (spec §5 email rule) or a domain (FQDN, not a
 * consumer mail domain). Answers the entry or the message that refuses it.
 */
export function parseWhitelistEntry(
  input: string,
): { ok: true; kind: 'domain' | 'email'; value: string } | { ok: false; message: string } {
  const value = input.trim().toLowerCase().replace(/^@/, '');
  if (value.includes('@')) {
    return isValidEmail(value)
      ? { ok: true, kind: 'email', value }
      : { ok: false, message: 'Enter a valid email address.' };
  }
  if (!isFullyQualifiedDomain(value)) {
    return { ok: false, message: WHITELIST_DOMAIN_INVALID_MESSAGE };
  }
  if (CONSUMER_MAIL_DOMAINS.includes(value)) {
    return { ok: false, message: WHITELIST_CONSUMER_DOMAIN_MESSAGE };
  }
  return { ok: true, kind: 'domain', value };
}

export const whitelistEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['domain', 'email']),
  value: z.string(),
  createdAt: z.string(),
});
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;

export const WHITELIST_PERMISSION = {
  kind: 'attribute',
  attribute: 'SSO_WHITELIST',
  scope: 'owner:ns',
} as const;
