// The made-up person every benchmark registers or inserts: one place, so the benches cannot drift apart.

/** The profile columns of a bench player, as the players table stores them. */
export const benchPerson = {
  name: 'Bench',
  surname: 'Player',
  birthdate: '1990-01-01',
  gender: 'other',
  country: 'MT',
  city: 'Valletta',
  address1: '1 Street',
  postcode: 'VLT 1000',
} as const;

/** A complete POST /api/register body for a bench player. */
export const benchRegistration = (email: string, password: string) => ({
  email,
  password,
  ...benchPerson,
  phoneNumber: '99123456',
  phone: '+35699123456',
  agreement: true,
});
