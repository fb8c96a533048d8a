import { SSO_MESSAGE_TYPE } from '@conversa/contracts';
import { cspHash } from '../../http/security-headers.ts';

/*
 * The page the landing page's silent sign-in check ends on, in its hidden frame (spec §4).
 * Static, so a CSP hash can allow it; the result is read from the page's own query. The message
 * goes to the parent only if the parent has the studio's origin (targetOrigin), and the page may
 * be framed by the studio only (frame-ancestors 'self').
 */
const SILENT_CHECK_SCRIPT = `var result = new URLSearchParams(location.search).get('result') === 'signed-in' ? 'signed-in' : 'login-required';
window.parent.postMessage({ type: '${SSO_MESSAGE_TYPE}', result: result }, location.origin);`;
export const SILENT_CHECK_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign-in check</title></head>
<body><p>Sign-in check finished.</p><script>${SILENT_CHECK_SCRIPT}</script></body></html>`;
// Its own policy: nothing but that one script; framed by the studio only; no referrer.
export const SILENT_CHECK_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: [cspHash(SILENT_CHECK_SCRIPT)],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
} as const;
