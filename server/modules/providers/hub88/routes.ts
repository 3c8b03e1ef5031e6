import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defineEndpoint } from '../../../../contract/endpoint.ts';
import { endpointApp, route } from '../../../http/endpoints.ts';
import type { Services } from '../../../services.ts';
import { providerRoutes } from '../routes.ts';
import { HUB88_PATHS, HUB88_REQUESTS, type Hub88Path, hub88Answer, requestUuidOf } from './protocol.ts';
import { SIGNATURE_HEADER, verifyBody } from './signature.ts';
import { createHub88Wallet } from './wallet.ts';

// Hub88's calls to our wallet (docs/decisions/0096-hub88-seamless-wallet.md): POST /api/hub88/user/info,
// /user/balance, /transaction/bet, /transaction/win and /transaction/rollback. Hub88 signs each body; nothing of it is
// read before its signature over the bytes as received is checked. Every answer is HTTP 200 with a Hub88 status.
// Only with HUB88_* configured do these paths exist. No player session or cookie is involved: the signature is the
// caller's proof, and the CSRF defence lets them through as it does any client that is no browser.

const BODY_LIMIT = 64 * 1024;

/** One Wallet API call: its request as Hub88 publishes it (protocol.ts), answered with a Hub88 status. */
const walletCall = <const P extends Hub88Path, const Id extends string>(path: P, summary: string, operationId: Id) =>
  defineEndpoint({
    method: 'POST',
    path: `/api/hub88${path}`,
    body: HUB88_REQUESTS[path],
    responses: { 200: hub88Answer },
    // The signature is the caller's proof, not a session: checked first by `hub88Signed` below.
    auth: 'public',
    summary: `Hub88 Wallet API: ${summary} (signed with X-Hub88-Signature; every answer is HTTP 200 with a Hub88 status)`,
    operationId,
  });

// The endpoint objects stay beside the protocol's shapes, which follow Hub88's published Wallet API and are the
// server's alone: no page of ours calls them, so they are not in contract/.
export const hub88Endpoints = {
  '/user/info': walletCall('/user/info', 'the player behind a session', 'hub88UserInfo'),
  '/user/balance': walletCall('/user/balance', 'the player’s balance', 'hub88Balance'),
  '/transaction/bet': walletCall('/transaction/bet', 'take a stake', 'hub88Bet'),
  '/transaction/win': walletCall('/transaction/win', 'pay a win', 'hub88Win'),
  '/transaction/rollback': walletCall('/transaction/rollback', 'undo a stake', 'hub88Rollback'),
};

export async function hub88Routes(fastify: FastifyInstance, { services }: { services: Services }) {
  // The launch and the console's Providers screen exist with or without Hub88 configured (they say it is not).
  await fastify.register(providerRoutes, { services });
  const hub88 = services.config.hub88;
  if (!hub88) return;
  const { publicKey } = hub88;
  const wallet = createHub88Wallet({ providers: services.providers, currency: services.config.defaultCurrency, subPartnerId: hub88.subPartnerId });

  await fastify.register(async (scope) => {
    // The body stays the bytes Hub88 signed, whatever it says its type is; it is parsed once the signature holds.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    const app = endpointApp(scope, { accounts: services.accounts });
    const rawOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

    // Named: server/http/guards-first.ts runs it before anything else looks at the request, as a sign-in guard.
    async function hub88Signed(request: FastifyRequest, reply: FastifyReply) {
      const signature = request.headers[SIGNATURE_HEADER];
      const raw = rawOf(request);
      if (verifyBody(publicKey, raw, typeof signature === 'string' ? signature : undefined)) return;
      request.log.warn({ url: request.url }, 'hub88 call with a bad signature refused');
      return reply.code(200).send({ status: 'RS_ERROR_INVALID_SIGNATURE', ...requestUuidOf(raw.toString('utf8')) });
    }

    // The body is checked by the wallet once the signature holds, in Hub88's terms (its statuses, never a 422): the
    // handler reads the bytes, not the context's `body`, which stays the raw buffer.
    const unchecked = () => (value: unknown) => ({ value });
    for (const path of HUB88_PATHS) {
      route(
        app,
        hub88Endpoints[path],
        async ({ request }) => {
          try {
            return await wallet.handle(path, rawOf(request).toString('utf8'));
          } catch (error) {
            request.log.error({ err: error, url: request.url }, 'hub88 call failed');
            return { status: 'RS_ERROR_UNKNOWN' as const, ...requestUuidOf(rawOf(request).toString('utf8')) };
          }
        },
        { preHandler: hub88Signed, validatorCompiler: unchecked },
      );
    }
  });
}
