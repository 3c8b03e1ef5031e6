import { eq } from 'drizzle-orm';
import { REGISTRATION_FIELDS, type Player, type ValidRegistration, validateRegistrationFields } from '../../../contract/accounts.ts';
import type { ActivationType } from '../../../contract/site.ts';
import { hasErrors, invalid } from '../../problem.ts';
import { isUniqueViolation } from '../shared/db-results.ts';
import type { Activation } from './activation.ts';
import { type AccountsCore, messages, toPlayer } from './core.ts';
import { players } from './schema.ts';

export type { RegisteredPlayer } from './events.ts';

// Registration: the rules a new account must meet (shared with the browser, plus those needing the database),
// and creating the inactive player with its activation.

export function createRegistration(
  { db, outbox, passwords, now, emailTaken, serverPasswordErrors, activationType, servesCountry, publish }: AccountsCore,
  { sendActivation }: Pick<Activation, 'sendActivation'>,
) {
  /**
   * Registration rules for the named fields (all when omitted): the shared ones, then those that need
   * the database or the common-password list. Nothing is written.
   */
  async function validateRegistration(input: Record<string, unknown>, fields?: readonly string[]) {
    const { values, errors } = validateRegistrationFields(input, now(), fields);
    if (values.email !== undefined && !errors.email && (await emailTaken(values.email))) errors.email = [messages.emailTaken];
    serverPasswordErrors('password', values.password, errors);
    if (typeof values.country === 'string' && !errors.country && !servesCountry(values.country)) errors.country = [messages.countryNotServed];
    return { values, errors };
  }

  async function referrerId(uuid: string | null): Promise<number | null> {
    if (!uuid) return null;
    const [row] = await db.select({ id: players.id }).from(players).where(eq(players.uuid, uuid.toLowerCase()));
    return row?.id ?? null;
  }

  return {
    validateRegistration,

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
        void publish('PlayerRegistered', { id: row.id, email: row.email, maToken: row.maToken, createdAt: row.createdAt });
        return { player: toPlayer(row, null), activationType: type };
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid({ email: [messages.emailTaken] });
        throw error;
      }
    },
  };
}
