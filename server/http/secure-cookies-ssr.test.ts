// Every cookie the site sets, from a page or from the API, is Secure (SPEC.md §3; issue 36): a cookie without it would
// be sent over plain HTTP to anyone between the browser and the site. Browsers accept Secure cookies from
// http://localhost, so development needs no exception.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { OPERATOR, OPERATOR_ENV, paymentsKit } from '../modules/payments/testing.ts';
import { STRONG_PASSWORD } from '../modules/accounts/testing.ts';
import { useTestApp } from '../test-app.ts';
import { productionSite } from './test-production-site.ts';

const setCookies = (response: LightMyRequestResponse) => {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
};
const cookieName = (cookie: string) => cookie.split('=', 1)[0];
const attributes = (cookie: string) => cookie.split(';').map((part) => part.trim().toLowerCase());

describe('cookies the site sets', () => {
  const t = useTestApp(OPERATOR_ENV, productionSite);
  const kit = paymentsKit(t);

  it('are all Secure: the pages’ locale and affiliate cookies and the API’s session (player and console), device, sign-in device id and demo cookies', async () => {
    const player = await kit.player();
    const answers = {
      page: await kit.call('GET', '/faq'),
      affiliate: await kit.call('GET', '/?token=partner-42'),
      data: await kit.call('GET', '/faq.data'),
      login: await kit.call('POST', '/api/login', { payload: { email: player.email, password: STRONG_PASSWORD } }),
      logout: await kit.call('POST', '/api/logout', { token: player.token }),
      staff: await kit.call('POST', '/api/admin/login', { payload: OPERATOR }),
      demo: await kit.call('GET', '/api/demo/wallet'),
    };
    const cookies = Object.values(answers).flatMap(setCookies);
    // Every writer of ours is reached: were one of these names missing, the check below would pass without checking it.
    expect(new Set(cookies.map(cookieName))).toEqual(
      new Set(['locale', 'ma_token', 'token', 'device', 'device_id', 'operator_device', 'staff_token', 'demo_session']),
    );
    for (const cookie of cookies) expect(attributes(cookie), cookie).toContain('secure');
  });
});
