import type { FastifyInstance } from 'fastify';
import { exportRangeOf, regulatorEndpoints as endpoints } from '../../../contract/regulator.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { invalid } from '../../problem.ts';
import type { Services } from '../../services.ts';

/**
 * The regulator's export on the operator API (docs/decisions/0117, docs/regulator-export.md): `exports.run`
 * (compliance, admin) generates an export for a range of days with a reason, lists them, and downloads one as a tar
 * archive or file by file (the ops CLI). Every generation and download is in the audit log.
 */
export async function regulatorRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = endpointApp(fastify, { accounts: services.accounts, operators: services.operators });

  route(app, endpoints.list, async () => ({ data: await services.regulator.list() }));

  route(app, endpoints.run, async ({ staff, body }) => {
    const parsed = exportRangeOf(body.from, body.to, new Date());
    if ('errors' in parsed) throw invalid(parsed.errors);
    return { data: await services.regulator.run(parsed.range, staff.id, body.reason) };
  });

  route(app, endpoints.archive, async ({ reply, staff, params }) => {
    const archive = await services.regulator.archive(params.id, staff.id);
    return reply.header('content-type', 'application/x-tar').header('content-disposition', `attachment; filename="${archive.name}"`).send(archive.stream);
  });

  route(app, endpoints.file, async ({ reply, staff, params }) => {
    const file = await services.regulator.file(params.id, params.name, staff.id);
    return reply.header('content-type', file.type).header('content-disposition', `attachment; filename="${file.name}"`).send(file.content);
  });
}
