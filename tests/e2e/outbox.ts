// Reads what the e2e servers "sent": mail as RFC 5322 files, SMS as JSON (DESIGN.md), under each
// server's DATA_DIR/outbox.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

function outboxOf(baseURL: string, kind: 'mail' | 'sms'): string {
  return path.join(`test-results/e2e-data-${new URL(baseURL).port}`, 'outbox', kind);
}

/** Quoted-printable soft breaks and escapes undone, so links read whole. */
function decodeMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function poll<T>(find: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 150; attempt++) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The link matching `pattern` in the newest mail to `to` that has one, once at least `mails` such
 * mails have arrived (delivery happens after commit, so a resent mail can lag behind the answer).
 */
export function mailedLink(baseURL: string, to: string, pattern: RegExp, { mails = 1 }: { mails?: number } = {}): Promise<string> {
  const directory = outboxOf(baseURL, 'mail');
  return poll(async () => {
    const files = (await readdir(directory).catch(() => [] as string[]))
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse();
    const links: string[] = [];
    for (const file of files) {
      const mail = decodeMail(await readFile(path.join(directory, file), 'utf8'));
      if (!mail.includes(to)) continue;
      const link = mail.match(/https?:\/\/[^\s"'<>]+/g)?.find((url) => pattern.test(url));
      if (link) links.push(link.replaceAll('&amp;', '&'));
    }
    return links.length >= mails ? links[0] : undefined;
  }, `${mails} mail(s) to ${to} with a link like ${pattern}`);
}

/** The digits of the newest SMS to `to`. */
export function textedCode(baseURL: string, to: string): Promise<string> {
  const directory = outboxOf(baseURL, 'sms');
  return poll(async () => {
    const files = (await readdir(directory).catch(() => [] as string[]))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const sms = JSON.parse(await readFile(path.join(directory, file), 'utf8')) as { to: string; body: string };
      const code = sms.to === to ? /\b(\d{6})\b/.exec(sms.body)?.[1] : undefined;
      if (code) return code;
    }
    return undefined;
  }, `an SMS to ${to}`);
}
