import { eq } from 'drizzle-orm';
import { hasErrors, invalid } from '../../problem.ts';
import { type AccountsCore, LIFETIMES, MINUTE, messages, normalizeEmail, requireEmail } from './core.ts';
import { personalAccessTokens, players, playerSecrets } from './schema.ts';
import { looksLikeToken, newToken, sha256 } from './secrets.ts';

// Password recovery (docs/decisions/0011-account-flows.md): the reset mail, looking a link up, and the reset itself.

export function createRecovery({
  db,
  outbox,
  templates,
  passwords,
  now,
  later,
  afterAnswer,
  findByEmail,
  findById,
  liveSecret,
  useSecret,
  retireSecrets,
  newPasswordErrors,
}: AccountsCore) {
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

  return {
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
  };
}
