import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PublicSettings, RouteRule, Viewer } from '../../contract/site.ts';
import {
  authRedirect,
  guestOnlyRedirect,
  MAX_WAY_BACK,
  maintenanceRedirect,
  pageNotFoundMessage,
  promoRedirect,
  routeRuleRedirect,
  siteRedirect,
  splitLocale,
  stagingOnly,
} from './route-rules.ts';

const player: Viewer = { id: '1', email: 'p@example.com', active: true, blocked: false };
const url = (path: string) => new URL(path, 'http://casino.test');
const settings = (maintenance: 'true' | 'false'): PublicSettings => ({
  site_name: 'Croupier',
  default_currency: 'EUR',
  registration_activation_type: 'email',
  maintenance,
  app_env: 'development',
  public_url: 'http://casino.test',
  realtime: null,
  analytics_id: null,
  support_chat_url: null,
  visitor_trace_url: null,
  jurisdictions: ['default'],
});
const rules: RouteRule[] = [
  { source: '/promotions', target: '/promotion', status: 301 },
  { source: '/gambling-help/', target: 'https://www.begambleaware.org/', status: 302 },
];

describe('splitLocale', () => {
  it('separates the /en prefix from the path', () => {
    expect(splitLocale('/en')).toEqual({ prefix: '/en', path: '/' });
    expect(splitLocale('/en/faq')).toEqual({ prefix: '/en', path: '/faq' });
    expect(splitLocale('/faq')).toEqual({ prefix: '', path: '/faq' });
    expect(splitLocale('/english')).toEqual({ prefix: '', path: '/english' });
  });
});

describe('maintenance rule', () => {
  it("sends every other path to /maintenance when the setting is 'true'", () => {
    expect(maintenanceRedirect('/', 'true')).toBe('/maintenance');
    expect(maintenanceRedirect('/en/faq', 'true')).toBe('/maintenance');
    expect(maintenanceRedirect('/maintenance', 'true')).toBeNull();
    expect(maintenanceRedirect('/en/maintenance', 'true')).toBeNull();
  });

  it("sends /maintenance to / when the setting is 'false'", () => {
    expect(maintenanceRedirect('/maintenance', 'false')).toBe('/');
    expect(maintenanceRedirect('/en/maintenance/', 'false')).toBe('/');
    expect(maintenanceRedirect('/faq', 'false')).toBeNull();
  });
});

describe('promo query rule', () => {
  it('sends a guest with bonusId and promo but no landing to /register keeping both', () => {
    expect(promoRedirect(url('/?bonusId=7&promo=SPRING&utm=x'), false)).toBe('/register?bonusId=7&promo=SPRING');
  });

  it('leaves a signed-in player with bonusId and promo but no landing where they are', () => {
    expect(promoRedirect(url('/faq?bonusId=7&promo=SPRING'), true)).toBeNull();
    // A promo code no operator would print is no promo: nothing of it is copied into a Location header.
    expect(promoRedirect(url(`/?bonusId=7&promo=${'S'.repeat(16_000)}`), false)).toBeNull();
  });

  it('sends landing and promo to /promotion/{landing} keeping bonusId, landing and promo', () => {
    expect(promoRedirect(url('/faq?landing=summer&promo=SUN&bonusId=3'), false)).toBe('/promotion/summer?bonusId=3&landing=summer&promo=SUN');
    expect(promoRedirect(url('/?landing=summer&promo=SUN'), false)).toBe('/promotion/summer?landing=summer&promo=SUN');
  });

  it('applies the landing rule to a signed-in player unless they hold all three', () => {
    expect(promoRedirect(url('/?landing=summer&promo=SUN'), true)).toBe('/promotion/summer?landing=summer&promo=SUN');
    expect(promoRedirect(url('/?landing=summer&promo=SUN&bonusId=3'), true)).toBeNull();
  });

  it('does not apply on /promotion or /register paths, with or without /en', () => {
    expect(promoRedirect(url('/promotion?bonusId=7&promo=SPRING'), false)).toBeNull();
    expect(promoRedirect(url('/promotion/4?landing=x&promo=y'), false)).toBeNull();
    expect(promoRedirect(url('/register?bonusId=7&promo=SPRING'), false)).toBeNull();
    expect(promoRedirect(url('/en/register?bonusId=7&promo=SPRING'), false)).toBeNull();
  });

  it('needs promo: bonusId or landing alone change nothing', () => {
    expect(promoRedirect(url('/?bonusId=7'), false)).toBeNull();
    expect(promoRedirect(url('/?landing=summer'), false)).toBeNull();
  });

  it('refuses a landing that is not a plain slug', () => {
    expect(promoRedirect(url('/?landing=..%2F..%2Fadmin&promo=x'), false)).toBeNull();
    expect(promoRedirect(url('/?landing=%2F%2Fevil.example&promo=x'), false)).toBeNull();
  });
});

describe('server route rules', () => {
  it('redirects a matching path with the rule status, ignoring /en and a trailing slash', () => {
    expect(routeRuleRedirect('/promotions', rules)).toEqual({ location: '/promotion', status: 301, external: false });
    expect(routeRuleRedirect('/en/promotions/', rules)).toEqual({ location: '/promotion', status: 301, external: false });
  });

  it('marks an absolute target as external (a full page load)', () => {
    expect(routeRuleRedirect('/gambling-help', rules)).toEqual({ location: 'https://www.begambleaware.org/', status: 302, external: true });
  });

  it('leaves other paths alone', () => {
    expect(routeRuleRedirect('/promotion', rules)).toBeNull();
  });
});

describe('siteRedirect precedence', () => {
  it('puts maintenance first and then applies nothing else', () => {
    expect(siteRedirect(url('/promotions?bonusId=1&promo=x'), { settings: settings('true'), viewer: null, rules })).toEqual({
      location: '/maintenance',
      status: 302,
      external: false,
    });
    expect(siteRedirect(url('/maintenance?bonusId=1&promo=x'), { settings: settings('true'), viewer: null, rules })).toBeNull();
  });

  it('applies route rules before the promo query', () => {
    expect(siteRedirect(url('/promotions?bonusId=1&promo=x'), { settings: settings('false'), viewer: null, rules })?.location).toBe('/promotion');
    expect(siteRedirect(url('/faq?bonusId=1&promo=x'), { settings: settings('false'), viewer: null, rules })?.location).toBe('/register?bonusId=1&promo=x');
    expect(siteRedirect(url('/faq'), { settings: settings('false'), viewer: player, rules })).toBeNull();
  });
});

describe('guards', () => {
  it('auth: sends a guest to log in with the way back, keeping /en', () => {
    expect(authRedirect(url('/account/profile?tab=2'), null)).toBe('/login?redirect=%2Faccount%2Fprofile%3Ftab%3D2');
    expect(authRedirect(url('/en/deposit'), null)).toBe('/en/login?redirect=%2Fen%2Fdeposit');
    expect(authRedirect(url('/account/profile'), player)).toBeNull();
  });

  it('auth: carries only the known, short query parameters back, whatever the guest was asked with', () => {
    expect(authRedirect(url(`/deposit?bonus=true&x=${'y'.repeat(16_000)}`), null)).toBe('/login?redirect=%2Fdeposit%3Fbonus%3Dtrue');
    expect(authRedirect(url(`/play/${'a'.repeat(600)}`), null)).toBe('/login');
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 3000 }), { maxKeys: 12 }), (query) => {
        const location = authRedirect(url(`/deposit?${new URLSearchParams(query)}`), null) ?? '';
        expect(location.length).toBeLessThan(2 * MAX_WAY_BACK);
      }),
    );
  });

  it('redirects: sends a signed-in player away from the guest-only pages', () => {
    expect(guestOnlyRedirect(url('/login'), player)).toBe('/');
    expect(guestOnlyRedirect(url('/en/register'), player)).toBe('/en/');
    expect(guestOnlyRedirect(url('/login'), null)).toBeNull();
  });

  it('staging only: /test-route exists on staging and nowhere else', () => {
    expect(stagingOnly('staging')).toBe(true);
    expect(stagingOnly('production')).toBe(false);
    expect(stagingOnly('development')).toBe(false);
  });

  it('page validation names the path', () => {
    expect(pageNotFoundMessage('/no-such-game')).toBe('Page Not Found: /no-such-game');
  });
});
