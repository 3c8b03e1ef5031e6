import { UNAUTHENTICATED_MESSAGE } from '../../../contract/player-standing.ts';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { passwordProblems, type FieldErrors, type Gender, type KycStatus, type LoginResponse, type Player } from '../../../contract/accounts.ts';
import type { ActivationType, PublicSettings } from '../../../contract/site.ts';
import type { Database } from '../../db/client.ts';
import type { Templates } from '../../notify/templates.ts';
import { invalid, Problem } from '../../problem.ts';
import type { OutboxService } from '../outbox/service.ts';
import { createAfterAnswer } from './after-answer.ts';
import { isCommonPassword, type PasswordHasher } from './passwords.ts';
import { players, playerSecrets } from './schema.ts';
import { sha256 } from './secrets.ts';
import { type Publish, publishNowhere } from '../shared/events.ts';
import type { AccountsEvents } from './events.ts';

// What every accounts job shares (docs/decisions/0028-modules-own-their-tables.md): the dependencies, the
// clock, player lookups, single-use secrets and the password rules. Each job's file builds on this core;
// service.ts composes them into the one accounts service.

/** How long each single-use secret lives (docs/decisions/0011-account-flows.md). */
export const LIFETIMES = {
  activationLinkHours: 72,
  smsCodeMinutes: 10,
  passwordResetMinutes: 60,
  magicLinkMinutes: 15,
  emailChangeHours: 24,
} as const;
/** Wrong SMS codes allowed per code; then a new one must be sent. */
export const SMS_CODE_ATTEMPTS = 5;

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;

export type AuthenticatedPlayer = { id: number; tokenId: number; email: string; active: boolean; blocked: boolean };
export type LoginResult = LoginResponse & { playerId: number; tokenId: number };
export type PlayerRow = typeof players.$inferSelect;
export type SecretPurpose = 'activation-email' | 'activation-sms' | 'password-reset' | 'magic-link' | 'email-change';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const messages = {
  emailTaken: 'The email has already been taken.',
  countryNotServed: 'We cannot accept players residing in the selected country.',
  commonPassword: 'This password is too common. Please choose a different one.',
  confirmation: 'The password confirmation does not match.',
  resetInvalid: 'This password reset token is invalid or has expired.',
  activationInvalid: 'This activation link is invalid or has expired.',
  magicInvalid: 'This sign-in link is invalid or has expired.',
  emailChangeInvalid: 'This confirmation link is invalid or has expired.',
  currentPassword: 'The password is incorrect.',
} as const;

/** A well-formed e-mail address, or a 422 (saying so reveals nothing about accounts). */
export function requireEmail(email: string): string {
  const trimmed = email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) throw invalid({ email: ['The email field must be a valid email address.'] });
  return trimmed;
}

export function toPlayer(row: PlayerRow, pendingEmail: string | null): Player {
  return {
    id: String(row.id),
    uuid: row.uuid,
    email: row.email,
    pending_email: pendingEmail,
    active: row.active,
    blocked: row.blocked,
    name: row.name,
    surname: row.surname,
    birthdate: row.birthdate,
    gender: row.gender as Gender,
    country: row.country,
    city: row.city,
    address1: row.address1,
    postcode: row.postcode,
    phone: row.phone,
    newsletter: row.newsletter,
    kyc_status: row.kycStatus as KycStatus,
    created_at: row.createdAt.toISOString(),
  };
}

export type AccountsDependencies = {
  db: Database;
  settings: { publicSettings(): Promise<Readonly<PublicSettings>> };
  outbox: OutboxService;
  templates: Templates;
  passwords: PasswordHasher;
  logger?: FastifyBaseLogger;
  now?: () => Date;
  /** Whether the site serves residents of a country (the jurisdictions module, decision 0120); all when omitted. */
  servesCountry?: (country: string) => boolean;
  /** Tells the others what happened (accounts/events.ts); no one hears when omitted (a module's own tests). */
  publish?: Publish<AccountsEvents>;
};

export type AccountsCore = ReturnType<typeof createAccountsCore>;

export function createAccountsCore({
  db,
  settings,
  outbox,
  templates,
  passwords,
  logger,
  now = () => new Date(),
  servesCountry = () => true,
  publish = publishNowhere,
}: AccountsDependencies) {
  const later = (ms: number) => new Date(now().getTime() + ms);
  // Never the address: logs hold no personal data.
  const afterAnswer = createAfterAnswer((error) => logger?.error({ err: error }, 'account mail could not be prepared'));

  async function findByEmail(email: string): Promise<PlayerRow | undefined> {
    const [row] = await db
      .select()
      .from(players)
      .where(eq(sql`lower(${players.email})`, normalizeEmail(email)));
    return row;
  }

  async function findById(id: number): Promise<PlayerRow | undefined> {
    const [row] = await db.select().from(players).where(eq(players.id, id));
    return row;
  }

  async function emailTaken(email: string, exceptPlayerId?: number): Promise<boolean> {
    const [row] = await db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(sql`lower(${players.email})`, normalizeEmail(email)), exceptPlayerId ? ne(players.id, exceptPlayerId) : undefined));
    return row !== undefined;
  }

  async function pendingEmailOf(playerId: number): Promise<string | null> {
    const [row] = await db
      .select({ details: playerSecrets.details })
      .from(playerSecrets)
      .where(
        and(eq(playerSecrets.playerId, playerId), eq(playerSecrets.purpose, 'email-change'), isNull(playerSecrets.usedAt), gt(playerSecrets.expiresAt, now())),
      )
      .orderBy(desc(playerSecrets.id))
      .limit(1);
    return row?.details.email ?? null;
  }

  /** Finds an unused, unexpired secret by its plaintext. */
  async function liveSecret(purpose: SecretPurpose, plaintext: string) {
    const [row] = await db
      .select()
      .from(playerSecrets)
      .where(
        and(
          eq(playerSecrets.secretHash, sha256(plaintext)),
          eq(playerSecrets.purpose, purpose),
          isNull(playerSecrets.usedAt),
          gt(playerSecrets.expiresAt, now()),
        ),
      );
    return row;
  }

  /** Marks a secret used; false when someone else used it first (single use under concurrency). */
  async function useSecret(tx: Database, id: number): Promise<boolean> {
    const used = await tx
      .update(playerSecrets)
      .set({ usedAt: now() })
      .where(and(eq(playerSecrets.id, id), isNull(playerSecrets.usedAt)))
      .returning({ id: playerSecrets.id });
    return used.length === 1;
  }

  async function retireSecrets(tx: Database, playerId: number, purposes: SecretPurpose[]) {
    for (const purpose of purposes) {
      await tx.delete(playerSecrets).where(and(eq(playerSecrets.playerId, playerId), eq(playerSecrets.purpose, purpose), isNull(playerSecrets.usedAt)));
    }
  }

  /** The password rules only the server can check, added to the shared ones. */
  function serverPasswordErrors(field: string, password: unknown, errors: FieldErrors) {
    if (typeof password === 'string' && !errors[field] && isCommonPassword(password)) errors[field] = [messages.commonPassword];
  }

  function newPasswordErrors(input: { password?: unknown; password_confirmation?: unknown }): FieldErrors {
    const errors: FieldErrors = {};
    if (typeof input.password !== 'string' || input.password === '') errors.password = ['The password field is required.'];
    else {
      const problems = passwordProblems(input.password);
      if (problems.length > 0) errors.password = problems;
      serverPasswordErrors('password', input.password, errors);
      if (!errors.password && input.password_confirmation !== input.password) errors.password = [messages.confirmation];
    }
    return errors;
  }

  async function playerProfile(id: number): Promise<Player> {
    const row = await findById(id);
    if (!row) throw new Problem(401, UNAUTHENTICATED_MESSAGE);
    return toPlayer(row, await pendingEmailOf(id));
  }

  async function activationType(): Promise<ActivationType> {
    return (await settings.publicSettings()).registration_activation_type;
  }

  return {
    db,
    outbox,
    templates,
    passwords,
    publish,
    now,
    later,
    afterAnswer,
    findByEmail,
    findById,
    emailTaken,
    liveSecret,
    useSecret,
    retireSecrets,
    serverPasswordErrors,
    newPasswordErrors,
    playerProfile,
    activationType,
    servesCountry,
  };
}
