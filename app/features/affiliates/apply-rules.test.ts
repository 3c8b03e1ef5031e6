import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_APPLICATION, type Form, localErrors } from './apply-rules.ts';

const complete: Form = {
  ...EMPTY_APPLICATION,
  name: 'Acme Media Ltd',
  contact_name: 'Ann Smith',
  email: 'ann@acme.example',
  password: 'Partner#Deal2026',
  country: 'GB',
  payout_details: 'GB33BUKB20201555555555',
  terms: true,
};

describe('the application form’s own checks', () => {
  it('names every missing field at once, in the API’s words', () => {
    expect(localErrors(EMPTY_APPLICATION)).toEqual({
      name: 'The name field is required.',
      contact_name: 'The contact name field is required.',
      email: 'The email field is required.',
      password: 'The password field is required.',
      country: 'The country field is required.',
      payout_details: 'The payout details field is required.',
      terms: 'You must accept the terms.',
    });
  });

  it('passes a complete application; the website is optional', () => {
    expect(localErrors(complete)).toEqual({});
    expect(localErrors({ ...complete, website: '' })).toEqual({});
  });

  it('says what is wrong with a short name, a bad e-mail and a weak password', () => {
    expect(localErrors({ ...complete, name: ' A ', email: 'ann@', password: 'password' })).toEqual({
      name: 'The name must be at least 2 characters.',
      email: 'The email field must be a valid email address.',
      password: 'The password field must contain at least one number.',
    });
  });

  it('never holds back an application whose fields the API accepts (property)', () => {
    const text = (min: number) => fc.string({ minLength: min, maxLength: 40 }).filter((value) => value.trim().length >= min);
    fc.assert(
      fc.property(text(2), text(2), text(4), fc.stringMatching(/^[a-z0-9]{1,10}@[a-z0-9]{1,10}\.[a-z]{2,6}$/), (name, contact, payout, email) => {
        expect(localErrors({ ...complete, name, contact_name: contact, payout_details: payout, email })).toEqual({});
      }),
    );
  });
});
