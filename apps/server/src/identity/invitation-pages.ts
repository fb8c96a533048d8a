import { escapeHtml, getScopeDisplayName, type Invitation } from '@conversa/contracts';
import { PASSWORD_MIN_LENGTH } from './account.service.ts';
import { renderIdpPage } from './idp-pages.ts';

const signInLink = (publicUrl: string) =>
  `${escapeHtml(publicUrl)}/api/auth/login?returnTo=%2Fdashboard`;

/** An invitation link that no longer works: expired, revoked, accepted or unknown. */
export function renderInvitationProblemPage(publicUrl: string, message: string): string {
  return renderIdpPage({
    title: 'Invitation',
    body: `<h1>This invitation cannot be used</h1><p class="error" role="alert">${escapeHtml(message)}</p>
<p><a class="button" href="${escapeHtml(publicUrl)}/">Back to Conversa Studio</a></p>`,
  });
}

function describe(invitation: Invitation): string {
  return `<p class="muted">You are invited to join <strong>${escapeHtml(invitation.organizationLabel)}</strong> as
"${escapeHtml(getScopeDisplayName(invitation.scope))}" with <strong>${escapeHtml(invitation.email)}</strong>.</p>`;
}

/** An invitation for an email that already has an account: signing in accepts it. */
export function renderInvitationSignInPage(publicUrl: string, invitation: Invitation): string {
  return renderIdpPage({
    title: 'Invitation',
    body: `<h1>Join ${escapeHtml(invitation.organizationLabel)}</h1>${describe(invitation)}
<p>You already have an account. Sign in with it (or through your organisation) to accept.</p>
<p><a class="button" href="${signInLink(publicUrl)}">Sign in to accept</a></p>`,
  });
}

/**
 * The inviter's name for the person, as the join form's first and last name: "Last, First" (how
 * class lists often write it) or "First … Last" (the last word is the last name). Only a
 * suggestion: the person can change both fields.
 */
export function splitInvitedName(name: string | null): { firstName: string; lastName: string } {
  const trimmed = (name ?? '').trim().replace(/\s+/g, ' ');
  const comma = trimmed.indexOf(',');
  if (comma !== -1) {
    return {
      firstName: trimmed.slice(comma + 1).trim(),
      lastName: trimmed.slice(0, comma).trim(),
    };
  }
  const space = trimmed.lastIndexOf(' ');
  return space === -1
    ? { firstName: trimmed, lastName: '' }
    : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

/** A new person's acceptance: name (offered from the invitation) and a password. */
export function renderInvitationSetPasswordPage(
  action: string,
  invitation: Invitation,
  error?: string,
): string {
  const offered = splitInvitedName(invitation.name);
  // The form's fields take 100 characters each; an invitation's name may be longer.
  const offer = (value: string) => escapeHtml(value.slice(0, 100));
  return renderIdpPage({
    title: 'Invitation',
    body: `<h1>Join ${escapeHtml(invitation.organizationLabel)}</h1>${describe(invitation)}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
  <label for="firstName">First name</label>
  <input id="firstName" name="firstName" autocomplete="given-name" maxlength="100" value="${offer(offered.firstName)}" autofocus>
  <label for="lastName">Last name</label>
  <input id="lastName" name="lastName" autocomplete="family-name" maxlength="100" value="${offer(offered.lastName)}">
  <label for="password">Choose a password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" required>
  <button type="submit">Set password and join</button>
</form>`,
  });
}

/** After a new person set their password: sign in with it. */
export function renderInvitationAcceptedPage(
  publicUrl: string,
  email: string,
  label: string,
): string {
  return renderIdpPage({
    title: 'Invitation accepted',
    body: `<h1>Welcome to ${escapeHtml(label)}</h1>
<p class="success" role="status">Your account ${escapeHtml(email)} is ready. Sign in with your new password.</p>
<p><a class="button" href="${signInLink(publicUrl)}">Sign in</a></p>`,
  });
}
