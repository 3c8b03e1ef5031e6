import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, matching } from '../../../contract/http.ts';
import { exportBodySchema, exportIdParamsSchema, exportRangeOf, regulatorExportSchema } from '../../../contract/regulator.ts';
import { staffGuards } from '../../http/operator-guard.ts';
import { invalid } from '../../problem.ts';
import type { Services } from '../../services.ts';

/**
 * The regulator's export on the operator API (docs/decisions/0117, docs/regulator-export.md): `exports.run`
 * (compliance, admin) generates an export for a range of days with a reason, lists them, and downloads one as a tar
 * archive or file by file (the ops CLI). Every generation and download is in the audit log.
 */
export async function regulatorRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { requirePermission } = staffGuards(services.operators);
  const run = requirePermission('exports.run');

  app.get('/api/admin/exports', { preHandler: run, schema: { response: { 200: dataOf(z.array(regulatorExportSchema)) } } }, async () => ({
    data: await services.regulator.list(),
  }));

  app.post('/api/admin/exports', { preHandler: run, schema: { body: exportBodySchema, response: { 200: dataOf(regulatorExportSchema) } } }, async (request) => {
    const parsed = exportRangeOf(request.body.from, request.body.to, new Date());
    if ('errors' in parsed) throw invalid(parsed.errors);
    return { data: await services.regulator.run(parsed.range, request.operator!.id, request.body.reason) };
  });

  app.get('/api/admin/exports/:id/archive', { preHandler: run, schema: { params: exportIdParamsSchema } }, async (request, reply) => {
    const archive = await services.regulator.archive(request.params.id, request.operator!.id);
    return reply.header('content-type', 'application/x-tar').header('content-disposition', `attachment; filename="${archive.name}"`).send(archive.stream);
  });

  app.get(
    '/api/admin/exports/:id/files/:name',
    { preHandler: run, schema: { params: exportIdParamsSchema.extend({ name: matching(/^[A-Za-z0-9_.]{1,40}$/) }) } },
    async (request, reply) => {
      const file = await services.regulator.file(request.params.id, request.params.name, request.operator!.id);
      return reply.header('content-type', file.type).header('content-disposition', `attachment; filename="${file.name}"`).send(file.content);
    },
  );
}
