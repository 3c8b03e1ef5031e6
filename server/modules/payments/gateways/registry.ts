import type { PaymentMethod } from '../../../../contract/wallet.ts';
import type { SandboxGateway } from '../../sandbox-gateway/service.ts';
import type { PaymentGateway } from './port.ts';
import { SANDBOX_GATEWAY_ID, sandboxAdapter } from './sandbox.ts';

// The adapters that are on (docs/decisions/0104): configuration names them (PAYMENT_GATEWAYS, server/config.ts);
// this is the one place that knows every adapter by name. A new provider adds its factory here.

export type PaymentGateways = {
  /** The adapters in configuration order; a method id belongs to the first that offers it. */
  all: readonly PaymentGateway[];
  byId(id: string): PaymentGateway | undefined;
  /** Every method offered for `currency` (and `country`, when known). */
  methods(currency: string, country?: string | null): PaymentMethod[];
  /** The method and the adapter that offers it; undefined when no adapter that is on offers it. */
  forMethod(currency: string, methodId: string): { method: PaymentMethod; gateway: PaymentGateway } | undefined;
};

/** What the adapters may be built from: each provider's client, present when configured. */
export type GatewayClients = { sandbox?: SandboxGateway };

const FACTORIES: Record<string, (clients: GatewayClients) => PaymentGateway | undefined> = {
  [SANDBOX_GATEWAY_ID]: ({ sandbox }) => (sandbox ? sandboxAdapter(sandbox) : undefined),
};

export const KNOWN_GATEWAYS: readonly string[] = Object.keys(FACTORIES);

export function createPaymentGateways(enabled: readonly string[], clients: GatewayClients): PaymentGateways {
  return gatewayRegistry(enabled.map((id) => FACTORIES[id]?.(clients)).filter((gateway): gateway is PaymentGateway => gateway !== undefined));
}

/** A registry of these adapters (tests hand in their own). */
export function gatewayRegistry(all: readonly PaymentGateway[]): PaymentGateways {
  const methods = (currency: string, country?: string | null) => all.flatMap((gateway) => gateway.methods(currency, country));
  return {
    all,
    byId: (id) => all.find((gateway) => gateway.id === id),
    methods,
    forMethod(currency, methodId) {
      for (const gateway of all) {
        const method = gateway.methods(currency).find((candidate) => candidate.id === methodId);
        if (method) return { method, gateway };
      }
      return undefined;
    },
  };
}
