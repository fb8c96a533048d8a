import { deriveBrandPalette, escapeHtml, PRODUCT_NAME, type Brand } from '@conversa/contracts';
import { cspHash } from '../http/security-headers.ts';
import { PASSWORD_MIN_LENGTH } from './account.service.ts';

// The provider's pages share the studio's look (colours and type of apps/web) without its bundle.
const STYLE = `
:root{color-scheme:light;--brand:#4f46e5;--brand-dark:#4338ca;--ink:#0f172a;--muted:#475569;--line:#cbd5e1;--bg:#f1f5f9;--error:#b91c1c}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--ink);
  font:15px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{width:min(420px,92vw);background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(15,23,42,.08);padding:32px}
.logo{display:flex;align-items:center;gap:10px;font-weight:700;font-size:18px;margin-bottom:20px}
.logo img{width:32px;height:32px}
.logo .mark{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:8px;background:var(--brand);color:#fff}
h1{font-size:22px;margin:0 0 8px}
.muted{color:var(--muted)}
label{display:block;font-weight:600;margin:16px 0 6px}
input{width:100%;padding:10px 12px;border:1px solid var(--line);border-radius:8px;font:inherit}
input:focus{outline:2px solid var(--brand);outline-offset:1px;border-color:var(--brand)}
button,.button{display:inline-block;width:100%;margin-top:20px;padding:11px 14px;border:0;border-radius:8px;background:var(--brand);
  color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button:hover,.button:hover{background:var(--brand-dark)}
button.secondary{background:#fff;color:var(--ink);border:1px solid var(--line);margin-top:10px}
.error{color:var(--error);background:#fef2f2;border:1px solid #fecaca;border-radius:8px;padding:10px 12px}
.success{color:#166534;background:#f0fdf4;border:1px solid #bbf7d0;border-radius:8px;padding:10px 12px}
.divider{display:flex;align-items:center;gap:10px;color:var(--muted);margin:22px 0 4px;font-size:13px}
.divider:before,.divider:after{content:"";flex:1;border-top:1px solid var(--line)}
.button.upstream{display:block;margin-top:10px}
`;

/** The sign-out page submits the provider's confirmation form at once (the studio already asked). */
export const LOGOUT_SUBMIT_SCRIPT = "document.forms['op.logoutForm'].submit()";

/** What a provider page shows of the brand a sign-in began under (issue 54, item 9). */
export type IdpBrand = Pick<Brand, 'name' | 'logoUrl' | 'primaryColor'>;

const STUDIO_IDP_BRAND: IdpBrand = { name: PRODUCT_NAME, logoUrl: '/logo.svg', primaryColor: null };

/** A brand's colours as the pages' variables: one more stylesheet, allowed by its hash. */
export function renderBrandStyle(primaryColor: string): string {
  const palette = deriveBrandPalette(primaryColor);
  return `:root{--brand:${palette[600]};--brand-dark:${palette[700]}}`;
}

/**
 * The provider's pages' own policy: their one stylesheet, each brand's colours and the sign-out
 * script, by hash; brands' logos (`data:` SVG); forms post to the studio only; framed by the
 * studio only (the silent check runs in a hidden frame). oidc-provider adds the hash of its own
 * form_post page's script to script-src when it renders one.
 */
export function createIdpPageHeaders(brandColors: readonly string[] = []) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        styleSrc: [cspHash(STYLE), ...brandColors.map((color) => cspHash(renderBrandStyle(color)))],
        imgSrc: ["'self'", 'data:'],
        scriptSrc: [cspHash(LOGOUT_SUBMIT_SCRIPT)],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
  } as const;
}

export const IDP_PAGE_HEADERS = createIdpPageHeaders();

/**
 * A full HTML page in the studio's look, for the provider's sign-in, account and sign-out
 * screens; with a brand, its name, logo and colour.
 */
export function renderIdpPage(options: { title: string; body: string; brand?: IdpBrand }): string {
  const brand = options.brand ?? STUDIO_IDP_BRAND;
  const mark =
    brand === STUDIO_IDP_BRAND
      ? '<span class="mark">C</span>'
      : `<img src="${escapeHtml(brand.logoUrl)}" alt="">`;
  const colors = brand.primaryColor ? `<style>${renderBrandStyle(brand.primaryColor)}</style>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} · ${escapeHtml(brand.name)}</title>
<style>${STYLE}</style>
${colors}
</head>
<body>
<main>
<div class="logo" aria-hidden="true">${mark}${escapeHtml(brand.name)}</div>
${options.body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  action: string;
  email?: string;
  error?: string;
  upstreams: { hint: string; label: string; href: string }[];
  brand?: IdpBrand | undefined;
}

export function renderLoginPage(options: LoginPageOptions): string {
  const error = options.error
    ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>`
    : '';
  const upstreams =
    options.upstreams.length === 0
      ? ''
      : `<div class="divider">or</div>${options.upstreams
          .map(
            (upstream) =>
              `<a class="button secondary upstream" href="${escapeHtml(upstream.href)}">Continue with ${escapeHtml(upstream.label)}</a>`,
          )
          .join('')}`;
  return renderIdpPage({
    title: 'Sign in',
    ...(options.brand ? { brand: options.brand } : {}),
    body: `<h1>Sign in</h1>
<p class="muted">Use your ${escapeHtml(options.brand?.name ?? PRODUCT_NAME)} account.</p>
${error}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(options.email ?? '')}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in</button>
</form>
${upstreams}`,
  });
}

/** The broker's callback found no pending sign-in: it expired, or was never started here. */
export function renderSignInExpiredPage(publicUrl: string): string {
  return renderIdpPage({
    title: 'Sign-in expired',
    body: `<h1>This sign-in has expired</h1><p class="muted">Start again from the studio.</p><p><a class="button" href="${escapeHtml(publicUrl)}/">Back to Conversa Studio</a></p>`,
  });
}

/** The account page without a provider session. */
export function renderSignInFirstPage(publicUrl: string): string {
  return renderIdpPage({
    title: 'Account',
    body: `<h1>Your account</h1><p class="muted">Sign in to the studio first.</p><p><a class="button" href="${escapeHtml(publicUrl)}/api/auth/login">Sign in</a></p>`,
  });
}

/** The provider's account page (spec §7): name, and the password for accounts that have one. */
export function renderAccountPage(
  links: { publicUrl: string; action: string; brand?: IdpBrand | undefined },
  user: {
    email: string;
    firstName: string | null;
    lastName: string | null;
    passwordHash: string | null;
  },
  notice?: { kind: 'error' | 'success'; text: string },
): string {
  const message = notice
    ? `<p class="${notice.kind}" role="status">${escapeHtml(notice.text)}</p>`
    : '';
  const passwordFields = user.passwordHash
    ? `<label for="currentPassword">Current password</label>
  <input id="currentPassword" name="currentPassword" type="password" autocomplete="current-password">
  <label for="newPassword">New password</label>
  <input id="newPassword" name="newPassword" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}">`
    : '<p class="muted">You sign in through your organisation, so there is no password to change here.</p>';
  return renderIdpPage({
    title: 'Your account',
    ...(links.brand ? { brand: links.brand } : {}),
    body: `<h1>Your account</h1>
<p class="muted">${escapeHtml(user.email)}</p>
${message}
<form method="post" action="${escapeHtml(links.action)}">
  <label for="firstName">First name</label>
  <input id="firstName" name="firstName" autocomplete="given-name" value="${escapeHtml(user.firstName ?? '')}">
  <label for="lastName">Last name</label>
  <input id="lastName" name="lastName" autocomplete="family-name" value="${escapeHtml(user.lastName ?? '')}">
  ${passwordFields}
  <button type="submit">Save</button>
</form>
<p><a href="${escapeHtml(links.publicUrl)}/dashboard">Back to ${escapeHtml(links.brand?.name ?? PRODUCT_NAME)}</a></p>`,
  });
}
