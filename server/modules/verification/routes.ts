import { staffGuards } from '../../http/operator-guard.ts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '../../../contract/http.ts';
import {
  adminDocumentsQuerySchema,
  adminVerificationDocumentSchema,
  documentIdParamsSchema,
  documentUploadBodySchema,
  erasedDocumentsSchema,
  MAX_DOCUMENT_BYTES,
  rejectDocumentBodySchema,
  retentionParamsSchema,
  verificationDocumentSchema,
  verificationSchema,
} from '../../../contract/verification.ts';
import { validatorCompiler } from '../../http/errors.ts';
import { playerGuards } from '../../http/player-guards.ts';
import { limitRequests } from '../../http/rate-limit.ts';
import { Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import { REFUSALS } from './file-check.ts';
import type { DocumentFile } from './service.ts';

const HOUR = 60 * 60 * 1000;

/** Answers a decrypted document: shown in the browser, never cached, never sniffed, never able to run anything. */
function sendFile(reply: FastifyReply, file: DocumentFile) {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
    .send(file.bytes);
}

// The multipart body is read by the handler, after the guards and the rate limit, so nobody makes us buffer a file
// before we know who they are; the schema documents it and the handler validates the fields with it.
const bodyReadByHandler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/** The multipart fields against the route's own schema, refused in the same Laravel words as a JSON body would be. */
function uploadFieldsProblem(fields: Record<string, unknown>): Error | undefined {
  const checked = validatorCompiler({ schema: documentUploadBodySchema, httpPart: 'body', method: 'POST', url: '' })(fields);
  return typeof checked === 'object' && 'error' in checked && checked.error instanceof Error ? checked.error : undefined;
}

/** The player's verification page's API and the operators' review (issue 15). */
export async function verificationRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { verification, accounts, operators } = services;
  const { notBlocked, activePlayer } = playerGuards(fastify, accounts);
  // Only this plugin's routes take multipart bodies; the limits stop a request at the first byte too many.
  await fastify.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 6, headerPairs: 50 } });
  app.decorateRequest('operator', null);

  const { requirePermission } = staffGuards(services.operators);

  app.get('/api/player/verification', { preHandler: notBlocked, schema: { response: { 200: dataOf(verificationSchema) } } }, async (request) => ({
    data: await verification.view(request.player!.id),
  }));

  const playerKey = (request: FastifyRequest) => (request.player ? String(request.player.id) : undefined);
  app.post(
    '/api/player/verification/documents',
    {
      preHandler: [
        activePlayer,
        limitRequests(fastify, services.config.rateLimitAllowlist, [
          { name: 'kyc-upload-player', max: 30, windowMs: HOUR, by: playerKey, message: 'Too many uploads.' },
          { name: 'kyc-upload-ip', max: 60, windowMs: HOUR, by: 'ip', message: 'Too many uploads from your network.' },
        ]),
      ],
      validatorCompiler: bodyReadByHandler,
      schema: {
        consumes: ['multipart/form-data'],
        body: documentUploadBodySchema,
        response: { 201: dataOf(z.object({ document: verificationDocumentSchema, verification: verificationSchema })) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new Problem(415, 'Please send the document as multipart/form-data.');
      const fields: Record<string, string> = {};
      let file: { bytes: Buffer; name: string } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || file)
              throw new Problem(422, 'Send one file, in the file field.', { errors: { file: ['Send one file, in the file field.'] } });
            file = { bytes: await part.toBuffer(), name: part.filename };
          } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
      } catch (error) {
        if (error instanceof Problem) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new Problem(413, REFUSALS.tooLarge);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new Problem(413, 'Send one document at a time.');
        throw new Problem(400, 'The upload could not be read. Please try again.');
      }
      const fieldsProblem = uploadFieldsProblem({ ...fields, file: file ? true : undefined });
      if (fieldsProblem) throw fieldsProblem;
      if (!file) throw new Problem(422, 'Please choose a file to upload.', { errors: { file: ['Please choose a file to upload.'] } });
      const body = documentUploadBodySchema.parse({ ...fields, file: true });
      const result = await verification.upload(request.player!.id, {
        kind: body.kind,
        ...(body.document_type ? { documentType: body.document_type } : {}),
        ...(body.side ? { side: body.side } : {}),
        fileName: file.name,
        bytes: file.bytes,
      });
      return reply.code(201).send({ data: result });
    },
  );

  app.get('/api/player/verification/documents/:id/file', { preHandler: notBlocked, schema: { params: documentIdParamsSchema } }, async (request, reply) =>
    sendFile(reply, await verification.playerFile(request.player!.id, request.params.id)),
  );

  app.get(
    '/api/admin/kyc/documents',
    {
      preHandler: requirePermission('kyc.decide'),
      schema: { querystring: adminDocumentsQuerySchema, response: { 200: dataOf(z.array(adminVerificationDocumentSchema)) } },
    },
    async (request) => {
      const { status, player } = request.query;
      const playerId = player === undefined ? undefined : Number(player);
      const data = await verification.queue({ status, playerId });
      // The list carries names, birthdates and addresses: reading it is recorded like opening a player.
      await operators.audit.record({
        staffId: request.operator!.id,
        action: 'kyc.documents.list',
        ...(playerId === undefined ? {} : { playerId, subject: `player:${playerId}` }),
        after: { status: status ?? null, player: playerId ?? null, results: data.length },
      });
      return { data };
    },
  );

  app.get(
    '/api/admin/kyc/documents/:id/file',
    { preHandler: requirePermission('kyc.decide'), schema: { params: documentIdParamsSchema } },
    async (request, reply) => {
      const file = await verification.operatorFile(request.params.id);
      await operators.audit.record({ staffId: request.operator!.id, action: 'kyc.document.view', subject: `kyc-document:${request.params.id}` });
      return sendFile(reply, file);
    },
  );

  const decided = { 200: dataOf(z.object({ document: verificationDocumentSchema, verification: verificationSchema })) };
  app.post(
    '/api/admin/kyc/documents/:id/approve',
    { preHandler: requirePermission('kyc.decide'), schema: { params: documentIdParamsSchema, response: decided } },
    async (request) => {
      const result = await verification.approve(request.params.id, request.operator!.id, (tx) =>
        operators.audit.record({ staffId: request.operator!.id, action: 'kyc.document.approve', subject: `kyc-document:${request.params.id}` }, tx),
      );
      return { data: result };
    },
  );

  app.post(
    '/api/admin/kyc/documents/:id/reject',
    { preHandler: requirePermission('kyc.decide'), schema: { params: documentIdParamsSchema, body: rejectDocumentBodySchema, response: decided } },
    async (request) => {
      const result = await verification.reject(request.params.id, request.operator!.id, request.body.reason, (tx) =>
        operators.audit.record(
          {
            staffId: request.operator!.id,
            action: 'kyc.document.reject',
            subject: `kyc-document:${request.params.id}`,
            after: { reason: request.body.reason },
          },
          tx,
        ),
      );
      return { data: result };
    },
  );

  app.post(
    '/api/admin/kyc/players/:id/erase',
    { preHandler: requirePermission('kyc.decide'), schema: { params: retentionParamsSchema, response: { 200: dataOf(erasedDocumentsSchema) } } },
    async (request) => {
      const id = Number(request.params.id);
      if (!(await accounts.playerExists(id))) throw new Problem(404, 'No player with that id.');
      const erased = await verification.eraseExpired(id);
      await operators.audit.record({ staffId: request.operator!.id, action: 'kyc.documents.erase', playerId: id, subject: `player:${id}`, after: { erased } });
      return { data: { erased } };
    },
  );
}
