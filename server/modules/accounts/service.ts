import { and, desc, eq, gt, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  PROFILE_FIELDS,
  REGISTRATION_FIELDS,
  passwordProblems,
  registrationRules,
  validateRegistrationFields,
  type AdminPlayer,
  type FieldErrors,
  type Gender,
  type KycStatus,
  type LoginResponse,
  type Player,
  type ValidRegistration,
} from '../../../contract/accounts.ts';
import type { ActivationType, PublicSettings } from '../../../contract/site.ts';
import type { Database } from '../../db/client.ts';
import type { Templates } from '../../notify/templates.ts';
import { hasErrors, invalid, Problem } from '../../problem.ts';
import type { OutboxService } from '../outbox/service.ts';
import { createAfterAnswer } from './after-answer.ts';
import { isCommonPassword, type PasswordHasher } from './passwords.ts';
import { personalAccessTokens, players, playerSecrets } from './schema.ts';
import { looksLikeToken, looksLikeUuid, newActivationId, newSmsCode, newToken, sameDigest, SESSION, sha256, shouldTouch, tokenState } from './secrets.ts';

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

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export type AuthenticatedPlayer = { id: number; tokenId: number; email: string; active: boolean; blocked: boolean };
export type LoginResult = LoginResponse & { playerId: number };
type PlayerRow = typeof players.$inferSelect;
type SecretPurpose = 'activation-email' | 'activation-sms' | 'password-reset' | 'magic-link' | 'email-change';

export type AccountsService = ReturnType<typeof createAccountsService>;

const normalizeEmail = (email: string) => email.trim().toLowerCase();
const messages = {
  emailTaken: 'The email has already been taken.',
  commonPassword: 'This password is too common. Please choose a different one.',
  confirmation: 'The password confirmation does not match.',
  resetInvalid: 'This password reset token is invalid or has expired.',
  activationInvalid: 'This activation link is invalid or has expired.',
  magicInvalid: 'This sign-in link is invalid or has expired.',
  emailChangeInvalid: 'This confirmation link is invalid or has expired.',
  currentPassword: 'The password is incorrect.',
} as const;

/** A well-formed e-mail address, or a 422 (saying so reveals nothing about accounts). */
function requireEmail(email: string): string {
  const trimmed = email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) throw invalid({ email: ['The email field must be a valid email address.'] });
  return trimmed;
}

/** A magic link's redirect: only a path on this site, never another origin (`//evil`, `/\evil`) or a scheme. */
export function localPath(redirect: unknown): string {
  if (typeof redirect !== 'string' || redirect.length > 512 || !/^\/(?![/\\])[^\s\\]*$/.test(redirect)) return '/';
  return redirect;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

function toPlayer(row: PlayerRow, pendingEmail: string | null): Player {
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

export function createAccountsService({
  db,
  settings,
  outbox,
  templates,
  passwords,
  logger,
  now = () => new Date(),
}: {
  db: Database;
  settings: { publicSettings(): Promise<Readonly<PublicSettings>> };
  outbox: OutboxService;
  templates: Templates;
  passwords: PasswordHasher;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}) {
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

  /** Writes the activation secret and its mail or SMS into `tx`. */
  async function sendActivation(tx: Database, player: Pick<PlayerRow, 'id' | 'email' | 'name' | 'phone'>, type: ActivationType) {
    await retireSecrets(tx, player.id, ['activation-email', 'activation-sms']);
    if (type === 'email') {
      const activationId = newActivationId();
      await tx.insert(playerSecrets).values({
        playerId: player.id,
        purpose: 'activation-email',
        secretHash: sha256(activationId),
        expiresAt: later(LIFETIMES.activationLinkHours * HOUR),
      });
      await outbox.enqueue(tx, {
        channel: 'mail',
        to: player.email,
        template: 'activation',
        content: templates.activationMail({ name: player.name, activationId, hours: LIFETIMES.activationLinkHours }),
      });
    } else {
      const code = newSmsCode();
      await tx.insert(playerSecrets).values({
        playerId: player.id,
        purpose: 'activation-sms',
        secretHash: sha256(`${player.id}:${code}`),
        expiresAt: later(LIFETIMES.smsCodeMinutes * MINUTE),
      });
      await outbox.enqueue(tx, {
        channel: 'sms',
        to: player.phone,
        template: 'activation-code',
        content: templates.activationSms({ code, minutes: LIFETIMES.smsCodeMinutes }),
      });
    }
  }

  async function issueToken(playerId: number, name: 'login' | 'magic-link', active: boolean): Promise<LoginResult> {
    const token = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + SESSION.lifetimeMs);
    await db.insert(personalAccessTokens).values({ playerId, tokenHash: sha256(token), name, createdAt: at, lastUsedAt: at, expiresAt });
    // Housekeeping, not part of the login's meaning: expired tokens of this player, and any beyond the newest few.
    const newest = db
      .select({ id: personalAccessTokens.id })
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.playerId, playerId))
      .orderBy(desc(personalAccessTokens.id))
      .limit(SESSION.maxPerPlayer);
    await db
      .delete(personalAccessTokens)
      .where(and(eq(personalAccessTokens.playerId, playerId), or(lt(personalAccessTokens.expiresAt, at), notInArray(personalAccessTokens.id, newest))));
    await db.update(players).set({ lastLoginAt: at }).where(eq(players.id, playerId));
    return { token, expires_at: expiresAt.toISOString(), active, playerId };
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

  /**
   * Registration rules for the named fields (all when omitted): the shared ones, then those that need
   * the database or the common-password list. Nothing is written.
   */
  async function validateRegistration(input: Record<string, unknown>, fields?: readonly string[]) {
    const { values, errors } = validateRegistrationFields(input, now(), fields);
    if (values.email !== undefined && !errors.email && (await emailTaken(values.email))) errors.email = [messages.emailTaken];
    serverPasswordErrors('password', values.password, errors);
    return { values, errors };
  }

  async function referrerId(uuid: string | null): Promise<number | null> {
    if (!uuid) return null;
    const [row] = await db.select({ id: players.id }).from(players).where(eq(players.uuid, uuid.toLowerCase()));
    return row?.id ?? null;
  }

  async function authenticate(token: string | undefined): Promise<AuthenticatedPlayer | null> {
    if (!looksLikeToken(token)) return null;
    const [row] = await db
      .select({
        tokenId: personalAccessTokens.id,
        lastUsedAt: personalAccessTokens.lastUsedAt,
        expiresAt: personalAccessTokens.expiresAt,
        id: players.id,
        email: players.email,
        active: players.active,
        blocked: players.blocked,
      })
      .from(personalAccessTokens)
      .innerJoin(players, eq(players.id, personalAccessTokens.playerId))
      .where(eq(personalAccessTokens.tokenHash, sha256(token)));
    if (!row) return null;
    const at = now();
    if (tokenState(row, at) !== 'valid') {
      await db.delete(personalAccessTokens).where(eq(personalAccessTokens.id, row.tokenId));
      return null;
    }
    if (shouldTouch(row, at)) await db.update(personalAccessTokens).set({ lastUsedAt: at }).where(eq(personalAccessTokens.id, row.tokenId));
    return { id: row.id, tokenId: row.tokenId, email: row.email, active: row.active, blocked: row.blocked };
  }

  async function playerProfile(id: number): Promise<Player> {
    const row = await findById(id);
    if (!row) throw new Problem(401, 'Unauthenticated.');
    return toPlayer(row, await pendingEmailOf(id));
  }

  async function activationType(): Promise<ActivationType> {
    return (await settings.publicSettings()).registration_activation_type;
  }

  async function sendPasswordReset(email: string): Promise<void> {
    const player = await findByEmail(email);
    if (!player) return;
    const token = newToken();
    await db.transaction(async (tx) => {
      await retireSecrets(tx, player.id, ['password-reset']);
      await tx
        .insert(playerSecrets)
        .values({ playerId: player.id, purpose: 'password-reset', secretHash: sha256(token), expiresAt: later(LIFETIMES.passwordResetMinutes * MINUTE) });
      await outbox.enqueue(tx, {
        channel: 'mail',
        to: player.email,
        template: 'password-reset',
        content: templates.passwordResetMail({ name: player.name, token, minutes: LIFETIMES.passwordResetMinutes }),
      });
    });
    outbox.wake();
  }

  async function sendMagicLink(email: string, redirect: string): Promise<void> {
    const player = await findByEmail(email);
    if (!player) return;
    const token = newToken();
    await db.transaction(async (tx) => {
      await tx.insert(playerSecrets).values({
        playerId: player.id,
        purpose: 'magic-link',
        secretHash: sha256(token),
        details: { redirect },
        expiresAt: later(LIFETIMES.magicLinkMinutes * MINUTE),
      });
      await outbox.enqueue(tx, {
        channel: 'mail',
        to: player.email,
        template: 'magic-link',
        content: templates.magicLinkMail({ name: player.name, token, redirect, minutes: LIFETIMES.magicLinkMinutes }),
      });
    });
    outbox.wake();
  }

  return {
    validateRegistration,
    /** Resolves when the mail work of requests answered so far is done (shutdown, tests). */
    settled: afterAnswer.settled,
    authenticate,
    playerProfile,

    /** POST /api/register: validates everything, creates the inactive player and sends the activation. */
    async register(input: Record<string, unknown>, meta: { ip: string }): Promise<{ player: Player; activationType: ActivationType }> {
      const { values, errors } = await validateRegistration(input, REGISTRATION_FIELDS);
      if (hasErrors(errors)) throw invalid(errors);
      const form = values as ValidRegistration;
      const passwordHash = await passwords.hash(form.password);
      const type = await activationType();
      const referredBy = await referrerId(form.referrer);
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(players)
            .values({
              email: form.email,
              passwordHash,
              name: form.name,
              surname: form.surname,
              birthdate: form.birthdate,
              gender: form.gender,
              country: form.country,
              city: form.city,
              address1: form.address1,
              postcode: form.postcode,
              phone: form.phone,
              newsletter: form.newsletter,
              maToken: form.ma_token,
              promo: form.promo,
              referredBy,
              registrationIp: meta.ip,
            })
            .returning();
          await sendActivation(tx, created!, type);
          return created!;
        });
        outbox.wake();
        return { player: toPlayer(row, null), activationType: type };
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ email: [messages.emailTaken] });
        throw error;
      }
    },

    /**
     * POST /api/login. Null when the e-mail is unknown or the password wrong: the caller cannot tell
     * which, and both take one argon2 verification.
     */
    async login(email: string, password: string): Promise<LoginResult | null> {
      const player = await findByEmail(email);
      if (!player) return passwords.verifyNothing(password).then(() => null);
      if (!(await passwords.verify(player.passwordHash, password))) return null;
      if (passwords.needsRehash(player.passwordHash)) {
        await db
          .update(players)
          .set({ passwordHash: await passwords.hash(password) })
          .where(eq(players.id, player.id));
      }
      return issueToken(player.id, 'login', player.active);
    },

    async logout(token: string | undefined): Promise<void> {
      if (looksLikeToken(token)) await db.delete(personalAccessTokens).where(eq(personalAccessTokens.tokenHash, sha256(token)));
    },

    /**
     * POST /api/password/create: mails a reset link if the address is a player's; says nothing either way.
     * Only the address's form is checked before the answer: looking it up and writing the link happen after.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const address = requireEmail(email);
      afterAnswer.run(() => sendPasswordReset(address));
    },

    /** GET /api/password/find/{token}: the e-mail a live reset link belongs to. */
    async findPasswordReset(token: string): Promise<string | null> {
      if (!looksLikeToken(token)) return null;
      const secret = await liveSecret('password-reset', token);
      if (!secret) return null;
      return (await findById(secret.playerId))?.email ?? null;
    },

    /** POST /api/password/reset: single use; signs out every session of the player. */
    async resetPassword(input: { email: string; token: string; password: string; password_confirmation: string }): Promise<void> {
      const secret = looksLikeToken(input.token) ? await liveSecret('password-reset', input.token) : undefined;
      const player = secret ? await findById(secret.playerId) : undefined;
      if (!secret || !player || normalizeEmail(player.email) !== normalizeEmail(input.email)) throw invalid({ email: [messages.resetInvalid] });
      const errors = newPasswordErrors(input);
      if (hasErrors(errors)) throw invalid(errors);
      const passwordHash = await passwords.hash(input.password);
      await db.transaction(async (tx) => {
        if (!(await useSecret(tx, secret.id))) throw invalid({ email: [messages.resetInvalid] });
        await tx.update(players).set({ passwordHash, passwordChangedAt: now(), updatedAt: now() }).where(eq(players.id, player.id));
        await tx.delete(personalAccessTokens).where(eq(personalAccessTokens.playerId, player.id));
        await retireSecrets(tx, player.id, ['password-reset', 'magic-link']);
        await outbox.enqueue(tx, {
          channel: 'mail',
          to: player.email,
          template: 'password-changed',
          content: templates.passwordChangedMail({ name: player.name }),
        });
      });
      outbox.wake();
    },

    /** POST /api/activate: the link's uuid activates the account; using it again says so, harmlessly. */
    async activateByLink(activateToken: string): Promise<{ message: string; status: 'activated' | 'already-active' }> {
      const fail = () => invalid({ activate_token: [messages.activationInvalid] });
      if (!looksLikeUuid(activateToken)) throw fail();
      const [secret] = await db
        .select()
        .from(playerSecrets)
        .where(and(eq(playerSecrets.secretHash, sha256(activateToken.toLowerCase())), eq(playerSecrets.purpose, 'activation-email')));
      if (!secret) throw fail();
      const player = await findById(secret.playerId);
      if (!player) throw fail();
      if (player.active) return { message: 'Your account is already activated.', status: 'already-active' };
      if (secret.usedAt || secret.expiresAt <= now()) throw fail();
      await db.transaction(async (tx) => {
        if (!(await useSecret(tx, secret.id))) throw fail();
        await tx.update(players).set({ active: true, activatedAt: now(), emailVerifiedAt: now(), updatedAt: now() }).where(eq(players.id, player.id));
      });
      return { message: 'Your account has been activated.', status: 'activated' };
    },

    /** POST /api/sms-activation: the code sent to the player's phone, a few tries per code. */
    async activateBySms(player: AuthenticatedPlayer, code: string): Promise<{ message: string; status: 'activated' | 'already-active' }> {
      if (player.active) return { message: 'Your account is already activated.', status: 'already-active' };
      const trimmed = code.trim();
      if (!/^\d{4,10}$/.test(trimmed)) throw invalid({ code: ['The code must be the digits we sent you.'] });
      const [secret] = await db
        .select()
        .from(playerSecrets)
        .where(and(eq(playerSecrets.playerId, player.id), eq(playerSecrets.purpose, 'activation-sms'), isNull(playerSecrets.usedAt)))
        .orderBy(desc(playerSecrets.id))
        .limit(1);
      if (!secret || secret.expiresAt <= now()) throw invalid({ code: ['This code has expired. Please ask for a new one.'] });
      if (secret.attempts >= SMS_CODE_ATTEMPTS) throw invalid({ code: ['Too many wrong codes. Please ask for a new one.'] });
      if (!sameDigest(secret.secretHash, sha256(`${player.id}:${trimmed}`))) {
        // Counted in the database, so parallel guesses cannot share one attempt.
        const [counted] = await db
          .update(playerSecrets)
          .set({ attempts: sql`${playerSecrets.attempts} + 1` })
          .where(eq(playerSecrets.id, secret.id))
          .returning({ attempts: playerSecrets.attempts });
        const left = SMS_CODE_ATTEMPTS - (counted?.attempts ?? SMS_CODE_ATTEMPTS);
        throw invalid({
          code: [left > 0 ? `The code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.` : 'Too many wrong codes. Please ask for a new one.'],
        });
      }
      await db.transaction(async (tx) => {
        const used = await tx
          .update(playerSecrets)
          .set({ usedAt: now() })
          .where(and(eq(playerSecrets.id, secret.id), isNull(playerSecrets.usedAt), lt(playerSecrets.attempts, SMS_CODE_ATTEMPTS)))
          .returning({ id: playerSecrets.id });
        if (used.length !== 1) throw invalid({ code: ['This code has expired. Please ask for a new one.'] });
        await tx.update(players).set({ active: true, activatedAt: now(), updatedAt: now() }).where(eq(players.id, player.id));
      });
      return { message: 'Your account has been activated.', status: 'activated' };
    },

    /** POST /api/resend-activation: a new link or code (the operator's current choice); older ones stop working. */
    async resendActivation(player: AuthenticatedPlayer): Promise<{ message: string; status: 'sent' | 'already-active'; activation_type: ActivationType }> {
      const type = await activationType();
      if (player.active) return { message: 'Your account is already activated.', status: 'already-active', activation_type: type };
      const row = await findById(player.id);
      if (!row) throw new Problem(401, 'Unauthenticated.');
      await db.transaction((tx) => sendActivation(tx, row, type));
      outbox.wake();
      return { message: type === 'email' ? 'Please check your e-mail.' : 'We have sent a new code to your phone.', status: 'sent', activation_type: type };
    },

    /**
     * POST /api/magic-link: mails a one-time sign-in link if the address is a player's; says nothing either
     * way. Only the address's form is checked before the answer: looking it up and writing the link happen after.
     */
    async requestMagicLink(email: string, requestedRedirect: string | null | undefined): Promise<void> {
      const address = requireEmail(email);
      afterAnswer.run(() => sendMagicLink(address, localPath(requestedRedirect)));
    },

    /** POST /api/magic-link/consume: the link's token, once, for a fresh session token. */
    async consumeMagicLink(token: string): Promise<LoginResult & { redirect: string }> {
      const fail = () => invalid({ token: [messages.magicInvalid] });
      const secret = looksLikeToken(token) ? await liveSecret('magic-link', token) : undefined;
      if (!secret) throw fail();
      const used = await db.transaction((tx) => useSecret(tx, secret.id));
      const player = used ? await findById(secret.playerId) : undefined;
      if (!player) throw fail();
      return { ...(await issueToken(player.id, 'magic-link', player.active)), redirect: secret.details.redirect ?? '/' };
    },

    /** PATCH /api/player: any of the profile fields; identity fields are fixed once KYC verified them. */
    async updateProfile(playerId: number, input: Record<string, unknown>): Promise<Player> {
      const fields = PROFILE_FIELDS.filter((field) => input[field] !== undefined);
      const { values, errors } = validateRegistrationFields(input, now(), fields);
      const row = await findById(playerId);
      if (!row) throw new Problem(401, 'Unauthenticated.');
      if (row.kycStatus === 'verified') {
        for (const field of ['name', 'surname', 'birthdate'] as const) {
          if (values[field] !== undefined && values[field] !== row[field])
            errors[field] = [`The ${field} cannot be changed after your identity was verified. Please contact support.`];
        }
      }
      if (hasErrors(errors)) throw invalid(errors);
      if (fields.length > 0) {
        await db
          .update(players)
          .set({ ...Object.fromEntries(fields.map((field) => [field, values[field]])), updatedAt: now() })
          .where(eq(players.id, playerId));
      }
      return playerProfile(playerId);
    },

    /**
     * POST /api/player/password: needs the current password; signs out every other session.
     * Returns false when the current password is wrong (the route counts those).
     */
    async changePassword(player: AuthenticatedPlayer, input: { current_password: string; password: string; password_confirmation: string }): Promise<boolean> {
      const row = await findById(player.id);
      if (!row) throw new Problem(401, 'Unauthenticated.');
      if (!(await passwords.verify(row.passwordHash, input.current_password))) return false;
      const errors = newPasswordErrors(input);
      if (!errors.password && input.password === input.current_password) errors.password = ['The new password must be different from the current one.'];
      if (hasErrors(errors)) throw invalid(errors);
      const passwordHash = await passwords.hash(input.password);
      await db.transaction(async (tx) => {
        await tx.update(players).set({ passwordHash, passwordChangedAt: now(), updatedAt: now() }).where(eq(players.id, player.id));
        await tx.delete(personalAccessTokens).where(and(eq(personalAccessTokens.playerId, player.id), ne(personalAccessTokens.id, player.tokenId)));
        await retireSecrets(tx, player.id, ['password-reset', 'magic-link']);
        await outbox.enqueue(tx, { channel: 'mail', to: row.email, template: 'password-changed', content: templates.passwordChangedMail({ name: row.name }) });
      });
      outbox.wake();
      return true;
    },

    /**
     * POST /api/player/email: needs the password; the new address must confirm by link before it
     * replaces the old one, which is told. Returns false when the password is wrong.
     */
    async requestEmailChange(player: AuthenticatedPlayer, input: { email: string; password: string }): Promise<Player | false> {
      const row = await findById(player.id);
      if (!row) throw new Problem(401, 'Unauthenticated.');
      if (!(await passwords.verify(row.passwordHash, input.password))) return false;
      const parsed = registrationRules(now()).email.safeParse(input.email);
      if (!parsed.success) throw invalid({ email: [parsed.error.issues[0]!.message] });
      const email = parsed.data;
      if (email === normalizeEmail(row.email)) throw invalid({ email: ['This is already your e-mail address.'] });
      if (await emailTaken(email, row.id)) throw invalid({ email: [messages.emailTaken] });
      const token = newToken();
      await db.transaction(async (tx) => {
        await retireSecrets(tx, row.id, ['email-change']);
        await tx.insert(playerSecrets).values({
          playerId: row.id,
          purpose: 'email-change',
          secretHash: sha256(token),
          details: { email },
          expiresAt: later(LIFETIMES.emailChangeHours * HOUR),
        });
        await outbox.enqueue(tx, {
          channel: 'mail',
          to: email,
          template: 'email-change',
          content: templates.emailChangeMail({ name: row.name, token, hours: LIFETIMES.emailChangeHours }),
        });
        await outbox.enqueue(tx, {
          channel: 'mail',
          to: row.email,
          template: 'email-change-notice',
          content: templates.emailChangeNoticeMail({ name: row.name, newEmail: email }),
        });
      });
      outbox.wake();
      return playerProfile(row.id);
    },

    /** POST /api/player/email/confirm: the link from the new address makes it the account's e-mail. */
    async confirmEmailChange(token: string): Promise<{ message: string; status: 'email-changed' }> {
      const fail = () => invalid({ token: [messages.emailChangeInvalid] });
      const secret = looksLikeToken(token) ? await liveSecret('email-change', token) : undefined;
      const email = secret?.details.email;
      if (!secret || !email) throw fail();
      try {
        await db.transaction(async (tx) => {
          if (!(await useSecret(tx, secret.id))) throw fail();
          await tx.update(players).set({ email, emailVerifiedAt: now(), updatedAt: now() }).where(eq(players.id, secret.playerId));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ email: [messages.emailTaken] });
        throw error;
      }
      return { message: 'Your e-mail address has been changed.', status: 'email-changed' };
    },

    /** Operators' search: players whose e-mail contains `query` (all when empty), newest first. */
    async findPlayers(query: string | undefined, limit = 50): Promise<AdminPlayer[]> {
      const pattern = query
        ? `%${query
            .trim()
            .toLowerCase()
            .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        : undefined;
      const rows = await db
        .select({ id: players.id, email: players.email, active: players.active, blocked: players.blocked, kycStatus: players.kycStatus })
        .from(players)
        .where(pattern ? sql`lower(${players.email}) like ${pattern}` : undefined)
        .orderBy(desc(players.id))
        .limit(limit);
      return rows.map((row) => ({ id: String(row.id), email: row.email, active: row.active, blocked: row.blocked, kyc_status: row.kycStatus as KycStatus }));
    },

    /** The player's identity-verification status; null for an unknown player. */
    async kycStatusOf(playerId: number): Promise<KycStatus | null> {
      const [row] = await db.select({ kycStatus: players.kycStatus }).from(players).where(eq(players.id, playerId));
      return row ? (row.kycStatus as KycStatus) : null;
    },

    /** An operator's KYC decision (until document upload arrives with the verification work). */
    async setKycStatus(playerId: number, kycStatus: KycStatus): Promise<AdminPlayer | null> {
      const [row] = await db
        .update(players)
        .set({ kycStatus, updatedAt: now() })
        .where(eq(players.id, playerId))
        .returning({ id: players.id, email: players.email, active: players.active, blocked: players.blocked, kycStatus: players.kycStatus });
      return row ? { id: String(row.id), email: row.email, active: row.active, blocked: row.blocked, kyc_status: row.kycStatus as KycStatus } : null;
    },

    /** Blocks or unblocks a player. Takes effect on their very next request: nothing caches it. */
    async setBlocked(playerId: number, blocked: boolean): Promise<AdminPlayer | null> {
      const [row] = await db
        .update(players)
        .set({ blocked, blockedAt: blocked ? now() : null, updatedAt: now() })
        .where(eq(players.id, playerId))
        .returning({ id: players.id, email: players.email, active: players.active, blocked: players.blocked, kycStatus: players.kycStatus });
      return row ? { id: String(row.id), email: row.email, active: row.active, blocked: row.blocked, kyc_status: row.kycStatus as KycStatus } : null;
    },
  };
}
