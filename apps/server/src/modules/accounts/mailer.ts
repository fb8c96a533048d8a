import nodemailer from 'nodemailer';
import { escapeHtml } from '@conversa/contracts';

export interface InvitationMail {
  to: string;
  organizationLabel: string;
  inviterEmail: string;
  link: string;
  expiresAt: Date;
}

/** A message whose point is one link (email verification and the like). */
export interface LinkMail {
  to: string;
  subject: string;
  text: string;
  link: { intro: string; label: string; href: string };
}

/** Sends invitation emails; `isConfigured` false without SMTP_URL (the inviter copies the link). */
export interface Mailer {
  isConfigured: boolean;
  sendInvitation(mail: InvitationMail): Promise<void>;
  send(mail: LinkMail): Promise<void>;
}

/** A nodemailer transport on SMTP_URL (smtp:// or smtps://), or none. */
export function createMailer(options: { smtpUrl: string | undefined; from: string }): Mailer {
  if (!options.smtpUrl) {
    return {
      isConfigured: false,
      sendInvitation: () => Promise.reject(new Error('No mail server is configured (SMTP_URL).')),
      send: () => Promise.reject(new Error('No mail server is configured (SMTP_URL).')),
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    isConfigured: true,
    async sendInvitation(mail) {
      const expires = mail.expiresAt.toLocaleDateString('en-US', { timeZone: 'UTC' });
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: `You are invited to ${mail.organizationLabel} on Conversa Studio`,
        text: `${mail.inviterEmail} invited you to join ${mail.organizationLabel} on Conversa Studio.\n\nAccept the invitation: ${mail.link}\n\nThe link works until ${expires}.`,
        html: `<p>${escapeHtml(mail.inviterEmail)} invited you to join <strong>${escapeHtml(mail.organizationLabel)}</strong> on Conversa Studio.</p>
<p><a href="${escapeHtml(mail.link)}">Accept the invitation</a></p><p>The link works until ${expires}.</p>`,
      });
    },
    async send(mail) {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: `<p>${escapeHtml(mail.link.intro)}</p><p><a href="${escapeHtml(mail.link.href)}">${escapeHtml(mail.link.label)}</a></p>`,
      });
    },
  };
}
