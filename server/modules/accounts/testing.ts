import type { Database } from '../../db/client.ts';
import { players } from './schema.ts';
// Test support for the accounts suites: a valid registration and the messages the outbox wrote.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RegistrationForm } from '../../../contract/accounts.ts';

export const STRONG_PASSWORD = 'Lucky#Seven77';

export function uniqueEmail(label = 'player'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

/** A registration the server accepts, with a fresh e-mail address. */
export function validRegistration(overrides: Partial<RegistrationForm> = {}): RegistrationForm {
  return {
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    name: 'Ada',
    surname: 'Lovelace',
    birthdate: '1990-12-10',
    gender: 'female',
    country: 'MT',
    city: 'Valletta',
    address1: '1 Republic Street',
    postcode: 'VLT 1117',
    phonePrefix: '356',
    phoneNumber: '99123456',
    phone: '+35699123456',
    newsletter: true,
    agreement: true,
    ma_token: null,
    promo: null,
    ...overrides,
  };
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
  } catch {
    return bytes;
  }
}

export type SentMail = { file: string; raw: string; subject: string; text: string; html: string };

/** The mails written to DATA_DIR/outbox/mail for `to`, oldest first, with their parts decoded. */
export async function mailsTo(dataDir: string, to: string): Promise<SentMail[]> {
  const directory = path.join(dataDir, 'outbox', 'mail');
  const files = (await readdir(directory).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  const mails: SentMail[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(directory, file), 'utf8');
    if (!new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\r?$`, 'im').test(raw)) continue;
    const boundary = /boundary="([^"]+)"/.exec(raw)?.[1] ?? '';
    const parts = raw.split(`--${boundary}`);
    const part = (type: string) => {
      const found = parts.find((candidate) => candidate.toLowerCase().includes(`content-type: ${type}`));
      const body = found ? found.slice(found.search(/\r?\n\r?\n/)).trim() : '';
      return decodeQuotedPrintable(body);
    };
    mails.push({ file, raw, subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '', text: part('text/plain'), html: part('text/html') });
  }
  return mails;
}

/** The SMS written to DATA_DIR/outbox/sms for `to`, oldest first. */
export async function smsTo(dataDir: string, to: string): Promise<{ to: string; body: string }[]> {
  const directory = path.join(dataDir, 'outbox', 'sms');
  const files = (await readdir(directory).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort();
  const messages = await Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(directory, file), 'utf8')) as { to: string; body: string }));
  return messages.filter((message) => message.to === to);
}

/** The first absolute link in a text that contains `fragment`. */
export function linkContaining(text: string, fragment: string): URL {
  const url = text.match(/https?:\/\/[^\s"<>]+/g)?.find((candidate) => candidate.includes(fragment));
  if (!url) throw new Error(`no link containing ${fragment} in:\n${text}`);
  return new URL(url);
}

/** A player row with made-up details, for other modules' database tests that need a player to exist. */
export async function insertTestPlayer(db: Database): Promise<number> {
  const { email, name, surname, birthdate, gender, country, city, address1, postcode, phone } = validRegistration();
  const [row] = await db
    .insert(players)
    .values({ email, passwordHash: 'not-a-hash', name, surname, birthdate, gender, country, city, address1, postcode, phone })
    .returning({ id: players.id });
  return row!.id;
}
