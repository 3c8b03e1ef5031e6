import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

// PAYMENT_GATEWAYS (docs/decisions/0104): which payment gateway adapters are on; the sandbox only where it exists.

describe('PAYMENT_GATEWAYS', () => {
  it('is the sandbox by default where the sandbox exists, and nothing in production without it', () => {
    expect(loadConfig({}).paymentGateways).toEqual(['sandbox']);
    expect(loadConfig({ APP_ENV: 'production' }).paymentGateways).toEqual([]);
    expect(loadConfig({ APP_ENV: 'production', PAYMENTS_SANDBOX: 'true' }).paymentGateways).toEqual(['sandbox']);
  });

  it('names the adapters that are on, trimmed; the sandbox stays off while PAYMENTS_SANDBOX keeps it off', () => {
    expect(loadConfig({ PAYMENT_GATEWAYS: ' sandbox , ' }).paymentGateways).toEqual(['sandbox']);
    // Empty is unset, like every variable: the default.
    expect(loadConfig({ PAYMENT_GATEWAYS: '' }).paymentGateways).toEqual(['sandbox']);
    expect(loadConfig({ PAYMENT_GATEWAYS: 'sandbox', PAYMENTS_SANDBOX: 'false' }).paymentGateways).toEqual([]);
  });

  it('refuses an adapter it does not know, naming the ones it does', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAYS: 'sandbox,acme' })).toThrow(/PAYMENT_GATEWAYS="sandbox,acme" must be a comma-separated list of sandbox/);
  });
});
