// Schema failures in Laravel's words: the texts the JSON-schema validation gave, now from zod issues.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Problem } from '../problem.ts';
import { validatorCompiler } from './errors.ts';

const body = z.object({
  email: z.string().max(254),
  amount: z.int().min(1).max(1000),
  method: z.enum(['sandbox-card', 'sandbox-crypto']).optional(),
  phonePrefix: z.string().max(5).nullable().optional(),
  bets: z.array(z.object({ amount: z.int() })).optional(),
  player_id: z.union([z.string().regex(/^[1-9][0-9]*$/), z.int().min(1)]).optional(),
});
const validate = validatorCompiler({ schema: body, method: 'POST', url: '/x', httpPart: 'body' });
const errorsOf = (value: unknown) => {
  const result = validate(value) as { error?: Problem; value?: unknown };
  expect(result.error).toBeInstanceOf(Problem);
  expect(result.error!.statusCode).toBe(422);
  return { message: result.error!.message, errors: result.error!.errors };
};
const one = (field: string, message: string) => ({ message, errors: { [field]: [message] } });

describe('the validator compiler', () => {
  it('passes valid input through, never coerced', () => {
    expect(validate({ email: 'a@b.c', amount: 10 })).toEqual({ value: { email: 'a@b.c', amount: 10 } });
    expect(errorsOf({ email: 'a@b.c', amount: '10' })).toEqual(one('amount', 'The amount field must be an integer.'));
    expect(errorsOf({ email: 'a@b.c', amount: 1.5 })).toEqual(one('amount', 'The amount field must be an integer.'));
  });

  it('words each kind of failure as before, one failure at a time, a missing field first', () => {
    expect(errorsOf({ amount: 'x' })).toEqual(one('email', 'The email field is required.'));
    expect(errorsOf({ email: 42, amount: 1 })).toEqual(one('email', 'The email field must be a string.'));
    expect(errorsOf({ email: 'x'.repeat(255), amount: 1 })).toEqual(one('email', 'The email field must not be greater than 254 characters.'));
    expect(errorsOf({ email: 'a', amount: 0 })).toEqual(one('amount', 'The amount field must be at least 1.'));
    expect(errorsOf({ email: 'a', amount: 1001 })).toEqual(one('amount', 'The amount field must not be greater than 1000.'));
    expect(errorsOf({ email: 'a', amount: 1, method: 'cash' })).toEqual(one('method', 'The selected method is invalid.'));
    expect(errorsOf({ email: 'a', amount: 1, phonePrefix: 7 })).toEqual(one('phonePrefix', 'The phone prefix field must be a string.'));
    expect(errorsOf({ email: 'a', amount: 1, bets: [{ amount: 'x' }] })).toEqual(one('bets.0.amount', 'The bets 0 amount field must be an integer.'));
    expect(errorsOf({ email: 'a', amount: 1, player_id: 'abc' })).toEqual(one('player_id', 'The player id field format is invalid.'));
    expect(errorsOf(null)).toEqual(one('body', 'The request body must be a JSON object.'));
    expect(errorsOf([1])).toEqual(one('body', 'The request body must be a JSON object.'));
  });
});
