import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signerEndpoints as endpoints, signerReportSchema } from '../../../../contract/chain.ts';
import { endpointApp, route } from '../../../http/endpoints.ts';
import { invalid, Problem } from '../../../problem.ts';
import type { OnchainWithdrawals } from './payouts.ts';
import { verifySignerRequest } from './signer-auth.ts';

// The web server's side of the signer (docs/decisions/0123-signer.md): what it may pay, the deposit addresses it
// sweeps, and its reports. Only the signer calls these, each request signed with SIGNER_SECRET over its raw body
// (401 otherwise); they do not exist without a signer configured. Nothing here moves money except giving a failed
// payout's money back to the player, once.

export async function signerRoutes(fastify: FastifyInstance, { withdrawals, secret }: { withdrawals: OnchainWithdrawals; secret: string }) {
  await fastify.register(async (plain) => {
    plain.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    const app = endpointApp(plain, {});
    // Named: server/http/guards-first.ts runs it before any check of the input, like the gateways' signatures.
    async function signerSigned(request: FastifyRequest) {
      const raw = typeof request.body === 'string' ? request.body : '';
      if (!verifySignerRequest(secret, request.headers, raw)) throw new Problem(401, 'Invalid signer signature.');
    }
    const parsed = (request: FastifyRequest): unknown => {
      try {
        return JSON.parse(typeof request.body === 'string' ? request.body : '');
      } catch {
        throw new Problem(400, 'The request body is not valid JSON.');
      }
    };
    // The body is the signed text until the signature holds; the handlers parse it themselves, not the context's `body`.
    const signed = { preHandler: signerSigned, validatorCompiler: () => (value: unknown) => ({ value }) };

    route(
      app,
      endpoints.approved,
      async ({ request }) => {
        parsed(request);
        return { data: await withdrawals.approvedForSigner() };
      },
      signed,
    );

    route(
      app,
      endpoints.addresses,
      async ({ request }) => {
        parsed(request);
        return { data: await withdrawals.depositAddresses() };
      },
      signed,
    );

    route(
      app,
      endpoints.report,
      async ({ request }) => {
        const body = signerReportSchema.safeParse(parsed(request));
        if (!body.success) {
          const errors: Record<string, string[]> = {};
          for (const issue of body.error.issues) (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
          throw invalid(errors);
        }
        return { data: await withdrawals.applyReport(body.data) };
      },
      signed,
    );
  });
}
