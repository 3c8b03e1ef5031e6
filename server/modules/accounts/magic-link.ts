import { invalid } from '../../problem.ts';
import { type AccountsCore, LIFETIMES, type LoginResult, MINUTE, messages, requireEmail } from './core.ts';
import { playerSecrets } from './schema.ts';
import { looksLikeToken, newToken, sha256 } from './secrets.ts';

// Magic links: a one-time sign-in link by mail, and trading it for a session.

/** A magic link's redirect: only a path on this site, never another origin (`//evil`, `/\evil`) or a scheme. */
export function localPath(redirect: unknown): string {
  if (typeof redirect !== 'string' || redirect.length > 512 || !/^\/(?![/\\])[^\s\\]*$/.test(redirect)) return '/';
  return redirect;
}

export function createMagicLinks(
  { db, outbox, templates, later, afterAnswer, findByEmail, findById, liveSecret, useSecret }: AccountsCore,
  { issueToken }: { issueToken: (playerId: number, name: 'magic-link', active: boolean) => Promise<LoginResult> },
) {
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
  };
}
