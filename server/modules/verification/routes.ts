import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifySchemaCompiler } from 'fastify';
import { documentUploadBodySchema, MAX_DOCUMENT_BYTES, verificationEndpoints as endpoints } from '../../../contract/verification.ts';
import { endpointApp, route } from '../../http/endpoints.ts';
import { validatorCompiler } from '../../http/errors.ts';
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
  const { verification, accounts, operators } = services;
  // Only this plugin's routes take multipart bodies; the limits stop a request at the first byte too many.
  await fastify.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 6, headerPairs: 50 } });
  const app = endpointApp(fastify, { accounts, operators });

  route(app, endpoints.verification, async ({ player }) => ({ data: await verification.view(player.id) }));

  route(
    app,
    endpoints.upload,
    async ({ request, player }) => {
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
      const result = await verification.upload(player.id, {
        kind: body.kind,
        ...(body.document_type ? { documentType: body.document_type } : {}),
        ...(body.side ? { side: body.side } : {}),
        fileName: file.name,
        bytes: file.bytes,
      });
      return { data: result };
    },
    {
      preHandler: limitRequests(fastify, services.config.rateLimitAllowlist, [
        {
          name: 'kyc-upload-player',
          max: 30,
          windowMs: HOUR,
          by: (request) => (request.player ? String(request.player.id) : undefined),
          message: 'Too many uploads.',
        },
        { name: 'kyc-upload-ip', max: 60, windowMs: HOUR, by: 'ip', message: 'Too many uploads from your network.' },
      ]),
      validatorCompiler: bodyReadByHandler,
    },
  );

  route(app, endpoints.file, async ({ reply, player, params }) => sendFile(reply, await verification.playerFile(player.id, params.id)));

  route(app, endpoints.queue, async ({ staff, query: { status, player } }) => {
    const playerId = player === undefined ? undefined : Number(player);
    const data = await verification.queue({ status, playerId });
    // The list carries names, birthdates and addresses: reading it is recorded like opening a player.
    await operators.audit.record({
      staffId: staff.id,
      action: 'kyc.documents.list',
      ...(playerId === undefined ? {} : { playerId, subject: `player:${playerId}` }),
      after: { status: status ?? null, player: playerId ?? null, results: data.length },
    });
    return { data };
  });

  route(app, endpoints.operatorFile, async ({ reply, staff, params }) => {
    const file = await verification.operatorFile(params.id);
    await operators.audit.record({ staffId: staff.id, action: 'kyc.document.view', subject: `kyc-document:${params.id}` });
    return sendFile(reply, file);
  });

  route(app, endpoints.approve, async ({ staff, params }) => {
    const result = await verification.approve(params.id, staff.id, (tx) =>
      operators.audit.record({ staffId: staff.id, action: 'kyc.document.approve', subject: `kyc-document:${params.id}` }, tx),
    );
    return { data: result };
  });

  route(app, endpoints.reject, async ({ staff, params, body }) => {
    const result = await verification.reject(params.id, staff.id, body.reason, (tx) =>
      operators.audit.record({ staffId: staff.id, action: 'kyc.document.reject', subject: `kyc-document:${params.id}`, after: { reason: body.reason } }, tx),
    );
    return { data: result };
  });

  route(app, endpoints.erase, async ({ staff, params }) => {
    const id = Number(params.id);
    if (!(await accounts.playerExists(id))) throw new Problem(404, 'No player with that id.');
    const erased = await verification.eraseExpired(id);
    await operators.audit.record({ staffId: staff.id, action: 'kyc.documents.erase', playerId: id, subject: `player:${id}`, after: { erased } });
    return { data: { erased } };
  });
}
