import { escapeHtml } from '@conversa/contracts';
import type { SignupField } from '../modules/promo-codes/index.ts';
import { PASSWORD_MIN_LENGTH } from './account.service.ts';
import { renderIdpPage } from './idp-pages.ts';

const signInHref = (publicUrl: string) =>
  `${escapeHtml(publicUrl)}/api/auth/login?returnTo=%2Fdashboard`;

export interface SignupFormValues {
  code: string;
  name: string;
  email: string;
}

/**
 * The promo-code sign-up form. A refusal is shown above the form and tied to its field
 * (aria-invalid, aria-describedby), and that field takes the focus.
 */
export function renderSignupPage(options: {
  action: string;
  publicUrl: string;
  values: SignupFormValues;
  error?: { field: SignupField | null; message: string };
}): string {
  const { values, error } = options;
  const focus: SignupField = error?.field ?? (values.code ? 'name' : 'code');
  const field = (name: SignupField, label: string, attributes: string, value: string | null) => {
    const isInvalid = error?.field === name;
    return `<label for="${name}">${label}</label>
  <input id="${name}" name="${name}" ${attributes}${value === null ? '' : ` value="${escapeHtml(value)}"`}${
    isInvalid ? ' aria-invalid="true" aria-describedby="signup-error"' : ''
  }${focus === name ? ' autofocus' : ''} required>`;
  };
  return renderIdpPage({
    title: 'Start your free trial',
    body: `<h1>Start your free trial</h1>
<p class="muted">Enter your promo code and create your account. We send you a link to verify your email.</p>
${error ? `<p id="signup-error" class="error" role="alert">${escapeHtml(error.message)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}">
  ${field('code', 'Promo code', 'autocomplete="off" maxlength="40" autocapitalize="characters"', values.code)}
  ${field('name', 'Your name', 'autocomplete="name" maxlength="200"', values.name)}
  ${field('email', 'Email', 'type="email" autocomplete="email" maxlength="320"', values.email)}
  ${field('password', 'Choose a password', `type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" aria-describedby="password-hint"`, null)}
  <p id="password-hint" class="muted">At least ${PASSWORD_MIN_LENGTH} characters.</p>
  <button type="submit">Start free trial</button>
</form>
<p class="muted">Already have an account? <a href="${signInHref(options.publicUrl)}">Sign in</a></p>`,
  });
}

/** After a sign-up: where the verification link went. */
export function renderSignupDonePage(options: {
  email: string;
  organizationLabel: string;
  isEmailSent: boolean;
}): string {
  return renderIdpPage({
    title: 'Verify your email',
    body: `<h1>Verify your email</h1>
<p class="success" role="status">Your account and the organization <strong>${escapeHtml(options.organizationLabel)}</strong> are ready.</p>
<p>${
      options.isEmailSent
        ? `We sent a link to <strong>${escapeHtml(options.email)}</strong>. Open it to verify your email, then sign in.`
        : `We could not email <strong>${escapeHtml(options.email)}</strong> a verification link from this studio. The person who gave you the promo code can see the link and send it to you; open it to verify your email, then sign in.`
    }</p>`,
  });
}

/**
 * What a verification link opens: a button that posts the token back. Opening the link verifies
 * nothing, so a mail scanner that prefetches links cannot verify an address nobody confirmed.
 */
export function renderVerifyEmailPage(options: { action: string; email: string }): string {
  return renderIdpPage({
    title: 'Verify your email',
    body: `<h1>Verify your email</h1>
<p>Confirm that <strong>${escapeHtml(options.email)}</strong> is your email address to start your free trial.</p>
<form method="post" action="${escapeHtml(options.action)}">
  <button type="submit" autofocus>Verify my email</button>
</form>`,
  });
}

/** A verification link that worked. */
export function renderEmailVerifiedPage(publicUrl: string, email: string): string {
  return renderIdpPage({
    title: 'Email verified',
    body: `<h1>Email verified</h1>
<p class="success" role="status">Thank you: ${escapeHtml(email)} is verified and your free trial has started.</p>
<p><a class="button" href="${signInHref(publicUrl)}">Sign in</a></p>`,
  });
}

/** A verification link that no longer works. */
export function renderVerifyProblemPage(publicUrl: string, message: string): string {
  return renderIdpPage({
    title: 'Email verification',
    body: `<h1>This link cannot be used</h1><p class="error" role="alert">${escapeHtml(message)}</p>
<p><a class="button" href="${signInHref(publicUrl)}">Sign in</a></p>`,
  });
}
