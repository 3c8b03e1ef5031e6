import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT, parseGatewayEvent } from './event.ts';

const hex = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });
const printable = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABC.,!é€'), minLength: 1, maxLength: 200 });

const validEvent = fc.record({
  id: hex(24).map((h) => `evt_${h}`),
  type: fc.constantFrom('payment.succeeded', 'payment.failed'),
  created: fc.integer({ min: 0, max: 2 ** 32 }),
  data: fc.record({
    checkout_id: fc.tuple(fc.constantFrom('cs_', 'cc_'), hex(24)).map(([prefix, h]) => prefix + h),
    reference: fc.uuid({ version: 4 }),
    amount: fc.integer({ min: 1, max: MAX_AMOUNT }),
    currency: fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 3, maxLength: 3 }),
    failure_message: fc.option(printable, { nil: null }),
    card_last4: fc.option(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 4, maxLength: 4 }), { nil: null }),
  }),
});

const DATA_FIELDS = ['checkout_id', 'reference', 'amount', 'currency', 'failure_message', 'card_last4'] as const;
/** Exactly what each accepted field may be. */
const SHAPES: Record<(typeof DATA_FIELDS)[number], (value: unknown) => boolean> = {
  checkout_id: (v) => typeof v === 'string' && /^c[sc]_[0-9a-f]{24}$/.test(v),
  reference: (v) => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(v),
  amount: (v) => Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= MAX_AMOUNT,
  currency: (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v),
  failure_message: (v) => v === null || (typeof v === 'string' && v.length >= 1 && v.length <= 200 && !/\p{Cc}/u.test(v)),
  card_last4: (v) => v === null || (typeof v === 'string' && /^[0-9]{4}$/.test(v)),
};

describe('parseGatewayEvent', () => {
  it('accepts every well-formed event unchanged', () => {
    fc.assert(
      fc.property(validEvent, (event) => {
        expect(parseGatewayEvent(event)).toEqual({ event });
      }),
    );
  });

  it('whatever one field is replaced with, an accepted event only ever holds exact, bounded values', () => {
    const anyValue = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.jsonValue(), fc.constant('-'.repeat(36)), fc.constant('\u0000'), fc.double());
    fc.assert(
      fc.property(validEvent, fc.constantFrom(...DATA_FIELDS), anyValue, (event, field, value) => {
        const outcome = parseGatewayEvent({ ...event, data: { ...event.data, [field]: value } });
        if ('event' in outcome) expect(SHAPES[field](outcome.event.data[field])).toBe(true);
        else expect(Object.keys(outcome.errors)).toEqual([`data.${field}`]);
      }),
      { numRuns: 500 },
    );
  });

  it('names each wrong field in Laravel’s words', () => {
    const outcome = parseGatewayEvent({
      id: 'evt_x',
      type: 'payment.refunded',
      created: 1,
      data: { reference: '-'.repeat(36), amount: 0, currency: 'eur', failure_message: null, card_last4: '4'.repeat(60_000) },
    });
    expect(outcome).toEqual({
      errors: {
        id: ['The id field must be an event id such as evt_ followed by 24 hex digits.'],
        type: ['The type field must be payment.succeeded or payment.failed.'],
        'data.checkout_id': ['The data.checkout_id field is required.'],
        'data.reference': ['The data.reference field must be a UUID.'],
        'data.amount': ['The data.amount field must be at least 1.'],
        'data.currency': ['The data.currency field must be an ISO 4217 code.'],
        'data.card_last4': ['The data.card_last4 field must be 4 digits.'],
      },
    });
    expect(parseGatewayEvent(null)).toEqual({ errors: { body: ['The body field is invalid.'] } });
    expect(parseGatewayEvent({})).toMatchObject({ errors: { data: ['The data field is required.'] } });
  });
});
