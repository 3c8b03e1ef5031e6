import type { FastifyRequest } from 'fastify';
import { UNAUTHENTICATED_MESSAGE } from '../../../contract/player-standing.ts';
import { presentedAffiliateToken } from '../../http/auth.ts';
import { Problem } from '../../problem.ts';
import type { AuthenticatedAffiliate } from './accounts.ts';
import type { AffiliatesService } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    affiliate: AuthenticatedAffiliate | null;
  }
}

export const SUSPENDED_MESSAGE = 'Your affiliate account is suspended.';

/** The portal's guard (named: guards-first.ts moves it ahead of validation and openapi.ts documents it): 401, or 403 when suspended. */
export function affiliateGuard(affiliates: Pick<AffiliatesService, 'accounts'>) {
  return async function affiliateSession(request: FastifyRequest): Promise<void> {
    const affiliate = await affiliates.accounts.authenticate(presentedAffiliateToken(request));
    if (!affiliate) throw new Problem(401, UNAUTHENTICATED_MESSAGE);
    if (affiliate.status !== 'approved') throw new Problem(403, SUSPENDED_MESSAGE, { type: 'affiliate_suspended' });
    request.affiliate = affiliate;
  };
}
