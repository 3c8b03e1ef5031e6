import { UNAUTHENTICATED_MESSAGE } from '../../../contract/player-standing.ts';
import { and, eq, ne } from 'drizzle-orm';
import { PROFILE_FIELDS, type Player, registrationRules, validateRegistrationFields } from '../../../contract/accounts.ts';
import { hasErrors, invalid, Problem } from '../../problem.ts';
import { isUniqueViolation } from '../shared/db-results.ts';
import { type AccountsCore, type AuthenticatedPlayer, HOUR, LIFETIMES, messages, normalizeEmail } from './core.ts';
import { personalAccessTokens, players, playerSecrets } from './schema.ts';
import { looksLikeToken, newToken, sha256 } from './secrets.ts';

// The player's own profile: details, password and e-mail address (confirmed by link before it changes).

export function createProfile({
  db,
  outbox,
  templates,
  passwords,
  now,
  later,
  findById,
  emailTaken,
  liveSecret,
  useSecret,
  retireSecrets,
  newPasswordErrors,
  playerProfile,
  servesCountry,
  publish,
}: AccountsCore) {
  return {
    playerProfile,

    /** PATCH /api/player: any of the profile fields; identity fields are fixed once KYC verified them. */
    async updateProfile(playerId: number, input: Record<string, unknown>): Promise<Player> {
      const fields = PROFILE_FIELDS.filter((field) => input[field] !== undefined);
      const { values, errors } = validateRegistrationFields(input, now(), fields);
      const row = await findById(playerId);
      if (!row) throw new Problem(401, UNAUTHENTICATED_MESSAGE);
      if (row.kycStatus === 'verified') {
        for (const field of ['name', 'surname', 'birthdate'] as const) {
          if (values[field] !== undefined && values[field] !== row[field])
            errors[field] = [`The ${field} cannot be changed after your identity was verified. Please contact support.`];
        }
      }
      // A move to a country the site does not serve is refused, as at registration (decision 0120).
      if (typeof values.country === 'string' && values.country !== row.country && !servesCountry(values.country)) {
        errors.country = [messages.countryNotServed];
      }
      if (hasErrors(errors)) throw invalid(errors);
      if (fields.length > 0) {
        await db
          .update(players)
          .set({ ...Object.fromEntries(fields.map((field) => [field, values[field]])), updatedAt: now() })
          .where(eq(players.id, playerId));
        const changed = fields.filter((field) => values[field] !== row[field as keyof typeof row]);
        if (changed.length > 0) void publish('ProfileChanged', { playerId, fields: changed });
      }
      return playerProfile(playerId);
    },

    /**
     * POST /api/player/password: needs the current password; signs out every other session.
     * Returns false when the current password is wrong (the route counts those).
     */
    async changePassword(player: AuthenticatedPlayer, input: { current_password: string; password: string; password_confirmation: string }): Promise<boolean> {
      const row = await findById(player.id);
      if (!row) throw new Problem(401, UNAUTHENTICATED_MESSAGE);
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
      if (!row) throw new Problem(401, UNAUTHENTICATED_MESSAGE);
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
  };
}
