// Registration offers and accepts only the countries of the licences held (docs/decisions/0120): here the UK and
// Malta/EEA, no default, so a resident of Canada is refused at registration and a player cannot move there.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { players } from '../accounts/schema.ts';
import { validRegistration } from '../accounts/testing.ts';
import { paymentsKit } from '../payments/testing.ts';

const t = useTestApp({ JURISDICTIONS: 'UKGC,MGA' });
const kit = paymentsKit(t);
const NOT_SERVED = 'We cannot accept players residing in the selected country.';

const register = (country: string) => kit.call('POST', '/api/register', { payload: validRegistration({ country }) });
const playersFrom = async (email: string) => t.services.database.db.select().from(players).where(eq(players.email, email));

describe('registration by country', () => {
  it('refuses a country no held licence serves with a 422 on the field, and creates no account', async () => {
    const form = validRegistration({ country: 'CA' });
    const refused = await kit.call('POST', '/api/register', { payload: form });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: NOT_SERVED, errors: { country: [NOT_SERVED] } });
    expect(await playersFrom(form.email)).toEqual([]);
  });

  it('says so in the live check (precognition) too', async () => {
    const checked = await kit.call('POST', '/api/register', {
      payload: validRegistration({ country: 'US' }),
      headers: { precognition: 'true', 'precognition-validate-only': 'country' },
    });
    expect(checked.statusCode).toBe(422);
    expect(checked.json().errors).toEqual({ country: [NOT_SERVED] });
  });

  it('accepts the countries of the licences held', async () => {
    for (const country of ['GB', 'MT', 'DE']) expect((await register(country)).statusCode).toBe(201);
  });

  it('the site settings name the licences held, for the form to offer only their countries', async () => {
    const settings = await kit.call('GET', '/api/settings/get');
    expect(settings.json().data.jurisdictions).toEqual(['UKGC', 'MGA']);
  });
});

describe('a move in the profile', () => {
  it('to a country not served is refused and changes nothing; to one served is saved', async () => {
    const player = await kit.player();
    const patch = (country: string) =>
      t.app.inject({ method: 'PATCH', url: '/api/player', headers: { authorization: `Bearer ${player.token}` }, payload: { country } });
    const refused = await patch('CA');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ country: [NOT_SERVED] });
    const [row] = await t.services.database.db
      .select()
      .from(players)
      .where(eq(players.id, Number(player.id)));
    expect(row!.country).toBe('MT');
    expect((await patch('GB')).statusCode).toBe(200);
  });
});
