import { UNAUTHENTICATED_MESSAGE } from '../../../contract/player-standing.ts';
import { RESEND_DONE_MESSAGE } from '../../../contract/accounts.ts';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { ActivationType } from '../../../contract/site.ts';
import type { Database } from '../../db/client.ts';
import { invalid, Problem } from '../../problem.ts';
import { type AccountsCore, type AuthenticatedPlayer, HOUR, LIFETIMES, MINUTE, messages, type PlayerRow, SMS_CODE_ATTEMPTS } from './core.ts';
import { players, playerSecrets } from './schema.ts';
import { looksLikeUuid, newActivationId, newSmsCode, sameDigest, sha256 } from './secrets.ts';

// Activation (docs/decisions/0011-account-flows.md): the link or SMS code a new account is sent, using it, and
// sending a new one.

export type Activation = ReturnType<typeof createActivation>;

export function createActivation({ db, outbox, templates, now, later, findById, useSecret, retireSecrets, activationType }: AccountsCore) {
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

  return {
    sendActivation,

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
      if (!row) throw new Problem(401, UNAUTHENTICATED_MESSAGE);
      await db.transaction((tx) => sendActivation(tx, row, type));
      outbox.wake();
      return { message: type === 'email' ? RESEND_DONE_MESSAGE : 'We have sent a new code to your phone.', status: 'sent', activation_type: type };
    },
  };
}
