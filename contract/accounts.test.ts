import { describe, expect, it } from 'vitest';
import { ageOn, passwordProblems, REGISTRATION_STEPS, stepGatePasses, validateRegistrationFields } from './accounts.ts';
import { COUNTRIES, COUNTRY_CODES } from './countries.ts';

const today = new Date('2026-06-15T12:00:00Z');
const check = (field: string, value: unknown) => validateRegistrationFields({ [field]: value }, today, [field]);
const errorsOf = (field: string, value: unknown) => check(field, value).errors[field];
const parsedValue = (field: string, value: unknown) => {
  const result = check(field, value);
  expect(result.errors).toEqual({});
  return (result.values as Record<string, unknown>)[field];
};

describe('registration rules (issue 4 §1), each field on its own', () => {
  it('email: required, a valid address, at most 254 characters, kept lowercased and trimmed', () => {
    expect(errorsOf('email', undefined)).toEqual(['The email field is required.']);
    expect(errorsOf('email', '')).toEqual(['The email field is required.']);
    expect(errorsOf('email', 42)).toEqual(['The email field must be a string.']);
    for (const bad of ['plainaddress', 'a@', '@b.com', 'a b@c.com', 'a@b'])
      expect(errorsOf('email', bad), bad).toEqual(['The email field must be a valid email address.']);
    expect(errorsOf('email', `${'a'.repeat(250)}@b.com`)).toEqual(['The email field must not be greater than 254 characters.']);
    expect(parsedValue('email', '  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it('password: at least 8 characters with a lowercase letter, a digit and a symbol; at most 128', () => {
    expect(errorsOf('password', undefined)).toEqual(['The password field is required.']);
    expect(errorsOf('password', 'a1#')).toEqual(['The password field must be at least 8 characters.']);
    expect(errorsOf('password', 'ABCDEFG1#')).toEqual(['The password field must contain at least one lowercase letter.']);
    expect(errorsOf('password', 'abcdefgh#')).toEqual(['The password field must contain at least one number.']);
    expect(errorsOf('password', 'abcdefgh1')).toEqual(['The password field must contain at least one symbol.']);
    expect(errorsOf('password', 'abcdefgh 1')).toEqual(['The password field must contain at least one symbol.']);
    expect(errorsOf('password', `a1#${'x'.repeat(126)}`)).toEqual(['The password field must not be greater than 128 characters.']);
    expect(errorsOf('password', 'short')).toHaveLength(3);
    expect(parsedValue('password', 'Lucky#Seven77')).toBe('Lucky#Seven77');
    expect(parsedValue('password', 'ünïcödé-pässwörd9')).toBe('ünïcödé-pässwörd9');
  });

  it('name and surname: required letters, spaces, apostrophes and hyphens, at most 100', () => {
    for (const field of ['name', 'surname']) {
      expect(errorsOf(field, '  ')).toEqual([`The ${field} field is required.`]);
      expect(errorsOf(field, 'R2-D2')).toEqual([`The ${field} field may only contain letters, spaces, apostrophes and hyphens.`]);
      expect(errorsOf(field, '<script>')).toHaveLength(1);
      expect(errorsOf(field, 'a'.repeat(101))).toEqual([`The ${field} field must not be greater than 100 characters.`]);
      for (const good of ["O'Brien", 'Jean-Luc', 'Zoë', 'José María', 'Łukasz', 'Ørsted']) expect(parsedValue(field, good)).toBe(good);
    }
  });

  it('birthdate: a real YYYY-MM-DD date, at least 18 years before today', () => {
    expect(errorsOf('birthdate', undefined)).toEqual(['The birthdate field is required.']);
    for (const bad of ['15/06/1990', '1990-6-15', '1990-02-30', '1990-13-01', 'yesterday']) {
      expect(errorsOf('birthdate', bad), bad).toEqual(['The birthdate field must be a valid date (YYYY-MM-DD).']);
    }
    expect(errorsOf('birthdate', '2008-06-16')).toEqual(['You must be at least 18 years old to register.']);
    expect(parsedValue('birthdate', '2008-06-15')).toBe('2008-06-15');
    expect(errorsOf('birthdate', '1900-01-01')).toEqual(['The birthdate field must be a valid date (YYYY-MM-DD).']);
  });

  it('ageOn counts whole years and refuses impossible dates', () => {
    expect(ageOn('2000-06-15', today)).toBe(26);
    expect(ageOn('2000-06-16', today)).toBe(25);
    expect(ageOn('2000-02-29', new Date('2018-02-28T00:00:00Z'))).toBe(17);
    expect(ageOn('2000-02-29', new Date('2018-03-01T00:00:00Z'))).toBe(18);
    expect(ageOn('2001-02-29', today)).toBeNull();
  });

  it('gender: one of male, female, other', () => {
    for (const good of ['male', 'female', 'other']) expect(parsedValue('gender', good)).toBe(good);
    expect(errorsOf('gender', 'Male')).toEqual(['The selected gender is invalid.']);
    expect(errorsOf('gender', 'x')).toEqual(['The selected gender is invalid.']);
    expect(errorsOf('gender', '')).toEqual(['The gender field is required.']);
  });

  it('country: an ISO 3166-1 alpha-2 code from the fixed list', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(COUNTRY_CODES.has('MT')).toBe(true);
    expect(parsedValue('country', 'mt')).toBe('MT');
    for (const bad of ['XX', 'EU', 'UK', 'M']) expect(errorsOf('country', bad), bad).toEqual(['The selected country is invalid.']);
    expect(errorsOf('country', 'MLT')).toEqual(['The country field must not be greater than 2 characters.']);
  });

  it('city and address1: required, at most 100 and 200 characters', () => {
    expect(errorsOf('city', '')).toEqual(['The city field is required.']);
    expect(errorsOf('city', 'x'.repeat(101))).toEqual(['The city field must not be greater than 100 characters.']);
    expect(errorsOf('address1', '')).toEqual(['The address1 field is required.']);
    expect(errorsOf('address1', 'x'.repeat(201))).toEqual(['The address1 field must not be greater than 200 characters.']);
    expect(parsedValue('address1', ' 221B Baker Street ')).toBe('221B Baker Street');
  });

  it('postcode: letters, digits, spaces and hyphens, 2 to 12', () => {
    for (const good of ['VLT 1117', '10115', 'SW1A 1AA', '1010-123']) expect(parsedValue('postcode', good)).toBe(good);
    for (const bad of ['1', '12;DROP', '-123']) expect(errorsOf('postcode', bad), bad).toEqual(['The postcode field format is invalid.']);
  });

  it('phoneNumber: 4 to 14 digits (spaces and hyphens ignored)', () => {
    expect(parsedValue('phoneNumber', '9912 3456')).toBe('99123456');
    expect(errorsOf('phoneNumber', '123')).toEqual(['The phone number must be 4 to 14 digits.']);
    expect(errorsOf('phoneNumber', '12345678901234567')).toEqual(['The phone number must be 4 to 14 digits.']);
    expect(errorsOf('phoneNumber', '99x23456')).toEqual(['The phone number must be 4 to 14 digits.']);
    expect(errorsOf('phoneNumber', '')).toEqual(['The phone number field is required.']);
  });

  it("phone: '+', a country code and number, 8 to 15 digits in all (E.164)", () => {
    expect(parsedValue('phone', '+356 9912 3456')).toBe('+35699123456');
    for (const bad of ['35699123456', '+0123456789', '+1234', '+1234567890123456', '+356abc']) {
      expect(errorsOf('phone', bad), bad).toEqual(['The phone field must be a valid international number (+ country code and number).']);
    }
  });

  it('phonePrefix: optional, 1 to 4 digits with an optional +', () => {
    expect(parsedValue('phonePrefix', undefined)).toBeNull();
    expect(parsedValue('phonePrefix', '+356')).toBe('+356');
    expect(errorsOf('phonePrefix', '0044')).toEqual(['The phone prefix field format is invalid.']);
  });

  it('newsletter: a boolean, false by default (marketing consent is opt-in, decision 0122)', () => {
    expect(parsedValue('newsletter', undefined)).toBe(false);
    expect(parsedValue('newsletter', false)).toBe(false);
    expect(errorsOf('newsletter', 'yes')).toEqual(['The newsletter field must be true or false.']);
  });

  it('agreement: must be accepted (true)', () => {
    expect(parsedValue('agreement', true)).toBe(true);
    for (const bad of [false, undefined, 'true', 1]) expect(errorsOf('agreement', bad)).toEqual(['The agreement field must be accepted.']);
  });

  it('ma_token, promo and referrer: optional, bounded, plain characters; a referrer is a uuid', () => {
    expect(parsedValue('ma_token', null)).toBeNull();
    expect(parsedValue('ma_token', '')).toBeNull();
    expect(parsedValue('ma_token', 'aff_123.x-y')).toBe('aff_123.x-y');
    expect(errorsOf('ma_token', 'a b')).toEqual(['The ma token field format is invalid.']);
    expect(errorsOf('ma_token', 'a'.repeat(101))).toEqual(['The ma token field must not be greater than 100 characters.']);
    expect(parsedValue('promo', 'SPRING')).toBe('SPRING');
    expect(errorsOf('promo', '<b>')).toEqual(['The promo field format is invalid.']);
    expect(parsedValue('referrer', '0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(errorsOf('referrer', 'not-a-uuid')).toEqual(['The referrer field format is invalid.']);
  });

  it('validates only the fields asked for, and all of them by default', () => {
    expect(Object.keys(validateRegistrationFields({}, today, ['email', 'password']).errors)).toEqual(['email', 'password']);
    expect(Object.keys(validateRegistrationFields({}, today).errors)).toEqual([
      'email',
      'password',
      'name',
      'surname',
      'birthdate',
      'gender',
      'country',
      'city',
      'address1',
      'postcode',
      'phoneNumber',
      'phone',
      'agreement',
    ]);
    expect(validateRegistrationFields({}, today, ['no-such-field'])).toEqual({ values: {}, errors: {} });
  });
});

describe('password rules a browser can check', () => {
  it('lists every unmet rule', () => {
    expect(passwordProblems('Lucky#Seven77')).toEqual([]);
    expect(passwordProblems('')).toHaveLength(4);
  });
});

describe('wizard gates (SPEC.md §5)', () => {
  it('has the three steps of SPEC.md §4', () => {
    expect(REGISTRATION_STEPS).toEqual([
      ['email', 'password'],
      ['name', 'surname', 'birthdate', 'gender'],
      ['country', 'city', 'address1', 'postcode', 'phoneNumber', 'agreement'],
    ]);
  });

  it('step 1 needs an email and a password that meets the rules', () => {
    expect(stepGatePasses(1, { email: 'a@b.com', password: 'Lucky#Seven77' })).toBe(true);
    expect(stepGatePasses(1, { email: '', password: 'Lucky#Seven77' })).toBe(false);
    expect(stepGatePasses(1, { email: 'a@b.com', password: 'luckyseven77' })).toBe(false);
    expect(stepGatePasses(1, { email: 'a@b.com', password: 'l#7' })).toBe(false);
  });

  it('step 2 needs name, surname, birthdate and gender filled', () => {
    expect(stepGatePasses(2, { name: 'A', surname: 'B', birthdate: '1990-01-01', gender: 'male' })).toBe(true);
    expect(stepGatePasses(2, { name: 'A', surname: ' ', birthdate: '1990-01-01', gender: 'male' })).toBe(false);
  });

  it('step 3 needs the address, the phone number and the agreement accepted', () => {
    const form = { country: 'MT', city: 'Valletta', address1: '1 Street', postcode: 'VLT 1', phoneNumber: '99123456', agreement: true };
    expect(stepGatePasses(3, form)).toBe(true);
    expect(stepGatePasses(3, { ...form, agreement: false })).toBe(false);
    expect(stepGatePasses(3, { ...form, phoneNumber: '' })).toBe(false);
  });
});
