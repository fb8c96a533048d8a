// Where the browser goes after sign-in: a path of the studio itself, never another site.
const ORIGIN = 'http://studio.invalid';

/**
 * The same-origin path to return to after sign-in, or null. Accepted only when, resolved against
 * the studio's own origin as a browser resolves it, it stays on that origin; what is returned is
 * that resolved path, so the browser is sent exactly what was checked. Browsers drop tabs and
 * newlines and read `\` as `/` (so `/\t/evil.example` and `/\evil.example` leave the site):
 * control characters, backslashes and encoded slashes in the path are refused outright.
 */
export function sanitizeReturnTo(value: string | undefined | null): string | null {
  if (!value || !value.startsWith('/')) {
    return null;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) {
    return null;
  }
  const path = value.split(/[?#]/, 1)[0]!;
  if (/%(2f|5c|0[0-9a-f]|1[0-9a-f]|7f)/i.test(path)) {
    return null;
  }
  let resolved: URL;
  try {
    resolved = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (resolved.origin !== ORIGIN || resolved.username !== '' || resolved.password !== '') {
    return null;
  }
  const result = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return result.startsWith('//') ? null : result;
}
