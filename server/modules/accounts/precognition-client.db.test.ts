// The registration wizard's dry runs driven by laravel-precognition itself, over real HTTP: the
// validator clears only the errors of the fields it sent, so the server must never answer for others.
import type { AddressInfo } from 'node:net';
import { client, createValidator, type Validator } from 'laravel-precognition';
import { beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_STEPS } from '../../../contract/accounts.ts';
import { useTestApp } from '../../test-app.ts';

const t = useTestApp();

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  client.withBaseURL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
});

/** Validates `fields` of the current data and waits until the validator has the answer. */
function validateNow(validator: Validator, fields: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    validator.validate({ only: [...fields], onFinish: () => resolve() });
  });
}

describe('laravel-precognition against POST /api/register', () => {
  it('step 3: a bad number is reported on phoneNumber and cleared once fixed (hasErrors goes false)', async () => {
    const step3 = REGISTRATION_STEPS[2];
    // The wizard's own step-3 body: its fields plus the phone composed from prefix and number.
    const data: Record<string, unknown> = {
      country: 'MT',
      city: 'Valletta',
      address1: '1 Street',
      postcode: 'VLT 1117',
      phonePrefix: '+356',
      phoneNumber: '0',
      agreement: true,
      phone: '+0',
    };
    const validator = createValidator((http) => http.post('/api/register', data, { headers: { 'X-Requested-With': 'XMLHttpRequest' } }));
    validator.setTimeout(0);

    await validateNow(validator, step3);
    expect(validator.hasErrors()).toBe(true);
    expect(Object.keys(validator.errors())).toEqual(['phoneNumber']);

    data.phoneNumber = '99123456';
    data.phone = '+35699123456';
    await validateNow(validator, step3);
    expect(validator.errors()).toEqual({});
    expect(validator.hasErrors()).toBe(false);
    expect(validator.valid()).toEqual(expect.arrayContaining(['phoneNumber', 'agreement']));
  });

  it('step 1: only the touched field is answered, so another field’s problem does not leak in', async () => {
    const data = { email: 'not-an-email', password: 'x' };
    const validator = createValidator((http) => http.post('/api/register', data));
    validator.setTimeout(0);
    await validateNow(validator, ['email']);
    expect(Object.keys(validator.errors())).toEqual(['email']);
  });
});
