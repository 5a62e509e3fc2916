import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

/*
 * Outgoing e-mail through nodemailer. With SMTP_URL set, messages go to that server (smtp:// upgrades with STARTTLS
 * when offered; smtps:// is TLS from the start; options such as ?requireTLS=true ride in the URL). Without it,
 * each message is written as an RFC 5322 file to DATA_DIR/outbox/<timestamp>-<id>.eml, which any mail client
 * opens: development and tests need no mail server, and nothing is silently dropped.
 */

export type MailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string | undefined;
  /**
   * Makes the Message-ID '<id@domain>'; a message sent again with the same id is recognisably the same message
   * (the outbox passes its row's id, docs/decisions/0197). Unset, a random one.
   */
  id?: string | undefined;
};

export type SentMail = {
  /** The Message-ID header, e.g. '<0b6e…@portal.localhost>'. */
  messageId: string;
  /** Outbox mode: the .eml file written. */
  file?: string | undefined;
};

export type Mailer = {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  /** Closes the SMTP connection pool, if any. */
  close(): void;
};

export type MailerConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

export type MailerOptions = {
  /** Names outbox files; injectable for tests. */
  clock?: () => Date;
};

// nodemailer's defaults (2 minutes to connect, 10 to idle) are far longer than a request should wait.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export function createMailer(config: MailerConfig, options: MailerOptions = {}): Mailer {
  const clock = options.clock ?? (() => new Date());
  const domain = senderDomain(config.mailFrom);
  // Messages carry only the text given here: no attachment may read a local file or fetch a URL.
  const safety = { disableFileAccess: true, disableUrlAccess: true } as const;

  const envelope = (message: MailMessage, id: string) => ({
    from: config.mailFrom,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    messageId: `<${id}@${domain}>`,
  });

  if (config.smtpUrl) {
    // The URL's own query options (e.g. ?requireTLS=true&connectionTimeout=5000) win over these defaults.
    const transport = nodemailer.createTransport({ ...SMTP_TIMEOUTS, ...safety, url: config.smtpUrl });
    return {
      mode: 'smtp',
      async send(message) {
        const info = await transport.sendMail(envelope(message, message.id ?? randomUUID()));
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    ...safety,
  });
  const dir = outboxDir(config.dataDir);
  return {
    mode: 'outbox',
    async send(message) {
      const id = message.id ?? randomUUID();
      const info = await transport.sendMail(envelope(message, id));
      const file = path.join(dir, `${fileTimestamp(clock())}-${id}.eml`);
      await mkdir(dir, { recursive: true });
      // The outbox can hold temporary passwords: readable by the server's user only. Written under another name
      // and renamed, so a reader of the outbox never opens a message half written.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      await rename(partial, file);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}

/** '2025-06-01T09-30-00-000Z': sorts by time and is a valid file name everywhere. */
function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

function senderDomain(from: string): string {
  const match = /@([^\s<>@]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'portal.localhost';
}

/** The closing lines of every plain-text e-mail the portal sends on its partner's behalf. */
export function automatedSignOff(partnerName: string): string[] {
  return ['Kind regards,', partnerName, '', 'This is an automated message. Please do not reply to this e-mail.', ''];
}

export type ComposedMail = Pick<MailMessage, 'subject' | 'text' | 'html'>;

/** The portal's sign-in page below its public URL (which ends in a slash, so a base path is kept). */
export function signInUrlOf(publicUrl: string): string {
  return new URL('login', publicUrl).href;
}

/** Why a temporary password is sent: a forgot-password request, or a new account an administrator added. */
export type TemporaryPasswordPurpose = 'reset' | 'new-account';

const PURPOSE_COPY: Record<TemporaryPasswordPurpose, { subject: string; intro: string; outro: string }> = {
  reset: {
    subject: 'Your temporary password for the {portal}',
    intro: 'We received a request to reset the password for your {portal} account.',
    outro: 'If you did not ask to reset your password, please contact your administrator or our support team.',
  },
  'new-account': {
    subject: 'Your new account on the {portal}',
    intro: 'An administrator has created an account for you on the {portal}.',
    outro: 'If you were not expecting this account, please contact your administrator or our support team.',
  },
};

/**
 * The e-mail that carries a temporary password, which must be changed at next login: the forgot-password one
 * (spec section 2.4), or a new user's first (docs/decisions/0111), which also says how long it works.
 */
export function temporaryPasswordEmail(input: {
  userName: string;
  temporaryPassword: string;
  partnerName: string;
  /** The portal's sign-in page, which the e-mail links to (docs/decisions/0139). */
  signInUrl: string;
  purpose?: TemporaryPasswordPurpose;
  validForHours?: number;
}): ComposedMail {
  const { userName, temporaryPassword, partnerName, signInUrl, purpose = 'reset', validForHours } = input;
  const portal = `${partnerName} business portal`;
  const copy = PURPOSE_COPY[purpose];
  const subject = copy.subject.replace('{portal}', portal);
  const intro = copy.intro.replace('{portal}', portal);
  const validity = validForHours === undefined ? '' : ` It works once, for ${validForHours} hours.`;
  const text = [
    `Hello ${userName},`,
    '',
    intro,
    '',
    `Your username is ${userName}. Your temporary password is:`,
    '',
    `    ${temporaryPassword}`,
    '',
    `Log in at ${signInUrl} with your username and this temporary password. You must then change it to a new`,
    `password of your own before you can continue.${validity}`,
    '',
    copy.outro,
    '',
    ...automatedSignOff(partnerName),
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1f1f1f;">
<p>Hello ${e(userName)},</p>
<p>${e(intro)}</p>
<p>Your username is ${e(userName)}. Your temporary password is:</p>
<p style="font-family: 'Courier New', Courier, monospace; font-size: 18px; letter-spacing: 1px;"><strong>${e(temporaryPassword)}</strong></p>
<p>Log in at <a href="${e(signInUrl)}">${e(signInUrl)}</a> with your username and this temporary password. You must
then change it to a new password of your own before you can continue.${e(validity)}</p>
<p>${e(copy.outro)}</p>
<p>Kind regards,<br>${e(partnerName)}</p>
<p style="font-size: 12px; color: #5f5f5f;">This is an automated message. Please do not reply to this e-mail.</p>
</body>
</html>
`;
  return { subject, text, html };
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );
}
