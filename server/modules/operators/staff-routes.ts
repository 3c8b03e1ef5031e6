import { operatorEndpoints as endpoints } from '../../../contract/operators.ts';
import { presentedStaffToken } from '../../http/auth.ts';
import { type EndpointApp, route } from '../../http/endpoints.ts';
import { limitRequests, MINUTES_15 } from '../../http/rate-limit.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';

const LINK_GONE = 'This link does not work any more: it was used, it expired, or a newer one replaced it. Ask an administrator for a new one.';

/**
 * Staff lifecycle (docs/decisions/0106-staff-lifecycle.md): invitations and admin resets by one-time link, the
 * link's own two routes (no session: the link is the credential, limited per address), and one's own password.
 */
export async function staffRoutes(app: EndpointApp, { services }: { services: Services }) {
  const { staff, staffLinks } = services.operators;
  const linkLimit = limitRequests(app.fastify, services.config.rateLimitAllowlist, [
    { name: 'admin-password-link-ip', max: 30, windowMs: MINUTES_15, by: 'ip', message: 'Too many attempts from your network.' },
  ]);
  /** The member as the staff screen lists them, once the change is made. */
  const member = async (id: number) => {
    const found = await staff.byId(id);
    if (!found) throw new Problem(404, 'No staff member with that id.');
    return { data: found };
  };

  route(app, endpoints.inviteStaff, async ({ staff: inviter, body }) => {
    const id = await staffLinks.invite(inviter.id, body);
    if (id === null) throw invalid({ email: ['The email has already been taken.'] });
    return member(id);
  });

  route(app, endpoints.resetStaffPassword, async ({ staff: admin, params, body }) => {
    const id = Number(params.id);
    if (id === admin.id) throw new Problem(403, 'Change your own password on the Security screen.', { type: 'forbidden' });
    if (!(await staffLinks.resetPassword(admin.id, id, body.reason))) throw new Problem(404, 'No staff member with that id.');
    return member(id);
  });

  route(
    app,
    endpoints.passwordLink,
    async ({ params }) => {
      const link = await staffLinks.link(params.token);
      if (!link) throw new Problem(404, LINK_GONE, { type: 'link_gone' });
      return { data: link };
    },
    { preHandler: linkLimit },
  );

  route(
    app,
    endpoints.usePasswordLink,
    async ({ params, body }) => {
      const done = await staffLinks.setPassword(params.token, body.password);
      if (!done) throw new Problem(404, LINK_GONE, { type: 'link_gone' });
      return { data: done };
    },
    { preHandler: linkLimit },
  );

  route(app, endpoints.changeOwnPassword, async ({ request, staff: self, body: { current_password: current, password } }) => {
    if (current === password) throw invalid({ password: ['Choose a password other than the current one.'] });
    // The staff-session guard let the request in, so it presented a token: the session it keeps.
    const changed = await staffLinks.changePassword(self.id, current, password, presentedStaffToken(request) ?? '');
    if (!changed) throw invalid({ current_password: ['This is not your current password.'] });
  });
}
