import type { GrantableScope, InvitationResult } from '@conversa/contracts';
import type { Mailer } from './mailer.ts';

// An invitation's link, mailed when the studio has a mail server, else handed to the inviter.

export interface InvitationSettings {
  publicUrl: string;
  expiryDays: number;
  mailer: Mailer;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

/** Where an invitation's link leads: the embedded provider's acceptance page. */
export const INVITATION_PATH = '/idp/invitation';

/** Mails the invitation, or (no mail server, or it refused) answers its link for the inviter. */
export async function deliver(
  settings: InvitationSettings,
  mail: {
    id: string;
    email: string;
    token: string;
    label: string;
    inviterEmail: string;
    expiresAt: Date;
    replacedScope: GrantableScope | null;
  },
): Promise<InvitationResult> {
  const { replacedScope } = mail;
  const link = `${settings.publicUrl}${INVITATION_PATH}/${mail.token}`;
  if (!settings.mailer.isConfigured) {
    // Without SMTP the inviter copies the link; the log keeps it for the operator.
    settings.log.info(
      { invitationId: mail.id, email: mail.email, link },
      'invitation link (no SMTP_URL)',
    );
    return {
      email: mail.email,
      invitationId: mail.id,
      isEmailSent: false,
      link,
      problem: null,
      replacedScope,
    };
  }
  try {
    await settings.mailer.sendInvitation({
      to: mail.email,
      organizationLabel: mail.label,
      inviterEmail: mail.inviterEmail,
      link,
      expiresAt: mail.expiresAt,
    });
    return {
      email: mail.email,
      invitationId: mail.id,
      isEmailSent: true,
      link: null,
      problem: null,
      replacedScope,
    };
  } catch (error) {
    settings.log.warn({ err: error, invitationId: mail.id, link }, 'invitation email failed');
    return {
      email: mail.email,
      invitationId: mail.id,
      isEmailSent: false,
      link,
      problem: 'The mail server did not take this email; copy the link instead.',
      replacedScope,
    };
  }
}
