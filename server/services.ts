import { backOfficeServices } from './composition/back-office.ts';
import { moneyServices } from './composition/money.ts';
import { platformServices } from './composition/platform.ts';
import { startAndStop } from './start-stop.ts';

// The composition root (docs/architecture.md): every module's service built once, in three stages that run in the
// order they ask each other, each handed the ports it asks for by name. Nothing here decides anything: rules live
// in the modules, after-effects are domain events whose listeners server/subscriptions.ts names, and
// scripts/runtime-graph.ts draws the result.

export type Services = ReturnType<typeof createServices>;

/** Wires every module's service to its dependencies. The HTTP routes and the SSR loaders share this one set. */
export function createServices(options: Parameters<typeof platformServices>[0]) {
  const platform = platformServices(options);
  const money = moneyServices(platform);
  const backOffice = backOfficeServices({ ...platform, ...money });
  return {
    ...platform,
    ...money,
    ...backOffice,
    /** Set when the process begins to stop: readiness answers 503 so a load balancer sends no more (decision 0111). */
    lifecycle: { draining: false },
    ...startAndStop({ ...platform, ...money, ...backOffice }),
  };
}
