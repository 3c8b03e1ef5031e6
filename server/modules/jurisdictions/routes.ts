import type { FastifyInstance } from 'fastify';
import { jurisdictionAdminEndpoints as endpoints } from '../../../contract/jurisdictions-admin.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import type { Services } from '../../services.ts';

// The back office's read-only view of the jurisdiction profiles (docs/decisions/0120): rules change in code, with tests.

export async function jurisdictionRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = endpointApp(fastify, { accounts: services.accounts, operators: services.operators });

  route(app, endpoints.view, async () => ({ data: services.jurisdictions.view(services.config.defaultCurrency) }));
}
