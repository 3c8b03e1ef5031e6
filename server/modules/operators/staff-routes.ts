import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf } from '../../../contract/http.ts';
import {
  staffIdParamsSchema,
  staffInviteBodySchema,
  staffLinkBodySchema,
  staffLinkParamsSchema,
  staffLinkSchema,
  staffMemberSchema,
  staffPasswordChangeBodySchema,
  staffPasswordResetBodySchema,
} from '../../../contract/operators.ts';
import { presentedStaffToken } from '../../http/auth.ts';
import { limitRequests, MINUTES_15 } from '../../http/rate-limit.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { OperatorGuards } from './guards.ts';

const LINK_GONE = 'This link does not work any more: it was used, it expired, or a newer one replaced it. Ask an administrator for a new one.';

/**
 * Staff lifecycle (docs/decisions/0106-staff-lifecycle.md): invitations and admin resets by one-time link, the
 * link's own two routes (no session: the link is the credential, limited per address), and one's own password.
 */
export async function staffRoutes(fastify: FastifyInstance, { services, guards }: { services: Services; guards: OperatorGuards }) {
  const typed = fastify.withTypeProvider<ZodTypeProvider>();
  const { staff, staffLinks } = services.operators;
  const { staffSession, requirePermission } = guards;
  const linkLimit = limitRequests(fastify, services.config.rateLimitAllowlist, [
    { name: 'admin-password-link-ip', max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many attempts from your network.' },
  ]);

  typed.post(
    '/api/admin/staff/invitations',
    { preHandler: requirePermission('staff.manage'), schema: { body: staffInviteBodySchema, response: { 201: dataOf(staffMemberSchema) } } },
    async (request, reply) => {
      const id = await staffLinks.invite(request.operator!.id, request.body);
      if (id === null) throw invalid({ email: ['The email has already been taken.'] });
      return reply.code(201).send({ data: (await staff.byId(id))! });
    },
  );

  typed.post(
    '/api/admin/staff/:id/reset-password',
    {
      preHandler: requirePermission('staff.manage'),
      schema: { params: staffIdParamsSchema, body: staffPasswordResetBodySchema, response: { 200: dataOf(staffMemberSchema) } },
    },
    async (request) => {
      const id = Number(request.params.id);
      if (id === request.operator!.id) throw new Problem(403, 'Change your own password on the Security screen.', { type: 'forbidden' });
      if (!(await staffLinks.resetPassword(request.operator!.id, id, request.body.reason))) throw new Problem(404, 'No staff member with that id.');
      return { data: (await staff.byId(id))! };
    },
  );

  typed.get(
    '/api/admin/password-links/:token',
    { preHandler: linkLimit, schema: { params: staffLinkParamsSchema, response: { 200: dataOf(staffLinkSchema) } } },
    async (request) => {
      const link = await staffLinks.link(request.params.token);
      if (!link) throw new Problem(404, LINK_GONE, { type: 'link_gone' });
      return { data: link };
    },
  );

  typed.post(
    '/api/admin/password-links/:token',
    {
      preHandler: linkLimit,
      schema: { params: staffLinkParamsSchema, body: staffLinkBodySchema, response: { 200: dataOf(staffLinkSchema.pick({ email: true })) } },
    },
    async (request) => {
      const done = await staffLinks.setPassword(request.params.token, request.body.password);
      if (!done) throw new Problem(404, LINK_GONE, { type: 'link_gone' });
      return { data: done };
    },
  );

  typed.post('/api/admin/me/password', { preHandler: staffSession, schema: { body: staffPasswordChangeBodySchema } }, async (request, reply) => {
    const { current_password: current, password } = request.body;
    if (current === password) throw invalid({ password: ['Choose a password other than the current one.'] });
    const changed = await staffLinks.changePassword(request.operator!.id, current, password, presentedStaffToken(request)!);
    if (!changed) throw invalid({ current_password: ['This is not your current password.'] });
    return reply.code(204).send();
  });
}
