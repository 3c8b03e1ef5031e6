import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

// What every response of ours must carry (docs/decisions/0019-security-headers.md), for the HTTP tests.

/** The policy's directives by name, each with its sources. */
export function cspOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

export function expectSecurityHeaders(response: LightMyRequestResponse, referrerPolicy = 'strict-origin-when-cross-origin') {
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe(referrerPolicy);
  const csp = cspOf(response);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
  expect(csp.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/)]);
  expect(response.headers['content-security-policy']).not.toContain('unsafe-eval');
}
