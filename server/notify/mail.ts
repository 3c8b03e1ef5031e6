import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailContent } from './templates.ts';

export type Mail = MailContent & { to: string };
export type Mailer = { kind: 'file' | 'smtp'; send(mail: Mail): Promise<void>; close(): void };

let sequence = 0;
/** A sortable, collision-free file name that says who the message is for. */
export function outboxFileName(to: string, extension: string): string {
  sequence = (sequence + 1) % 1_000_000;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const recipient = to.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 100);
  return `${stamp}-${process.pid}-${String(sequence).padStart(6, '0')}-${recipient}.${extension}`;
}

/** Writes the whole file under a temporary name first, so a reader never sees half a message. */
export async function writeAtomically(directory: string, name: string, content: string | Buffer): Promise<string> {
  await mkdir(directory, { recursive: true });
  const target = path.join(directory, name);
  await writeFile(`${target}.tmp`, content);
  await rename(`${target}.tmp`, target);
  return target;
}

/**
 * Mail through nodemailer: by SMTP when SMTP_URL is set, otherwise each message is written as an
 * RFC 5322 file DATA_DIR/outbox/mail/*.eml that any mail client opens.
 */
export function createMailer({ smtpUrl, dataDir, from }: { smtpUrl: string | undefined; dataDir: string; from: string }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const directory = path.join(dataDir, 'outbox', 'mail');
  return {
    kind: 'file',
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
      await writeAtomically(directory, outboxFileName(mail.to, 'eml'), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
