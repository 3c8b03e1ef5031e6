// Walks every operator route (/api/admin/…) with hostile input as a signed-in operator and anonymously
// (server/http/hostile-walk.ts) and expects no 5xx; bad-input.db.test.ts walks the others beside it.
import { describe, expect, it } from 'vitest';
import { OPERATOR_ENV, paymentsKit } from '../modules/payments/testing.ts';
import { useTestApp } from '../test-app.ts';
import { walkHostileInput } from './hostile-walk.ts';

const t = useTestApp({ ...OPERATOR_ENV, RATE_LIMIT_ALLOWLIST: '127.0.0.1' });
const kit = paymentsKit(t);

describe('hostile input on every operator route', () => {
  it('never answers 5xx', async () => {
    const { failures, requests, routes } = await walkHostileInput(t, kit, (route) => route.url.startsWith('/api/admin'));
    expect(routes.length).toBeGreaterThan(40);
    expect(requests).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 900_000); // a hang detector only
});
