const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const LOCAL_PART = '(?:[^<>()[\\]\\\\.,;:\\s@"]+(?:\\.[^<>()[\\]\\\\.,;:\\s@"]+)*|".+")';
const DOMAIN = `(?:\\[${OCTET}(?:\\.${OCTET}){3}\\]|(?:[a-zA-Z0-9-]+\\.)+[a-zA-Z]{2,})`;
const EMAIL = new RegExp(`^${LOCAL_PART}@${DOMAIN}$`);

/**
 * Email rule of spec §5: local@domain where the domain ends in a top-level domain of two or more
 * letters, or is an IPv4 literal in brackets such as `user@[192.168.0.1]`.
 */
export function isValidEmail(value: string): boolean {
  return EMAIL.test(value);
}
