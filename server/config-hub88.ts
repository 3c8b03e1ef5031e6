// The Hub88 seamless wallet's options (docs/decisions/0096), parsed for server/config.ts: all four required
// variables set turn the adapter on, none leaves it off, and some but not all is a configuration error.
import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { commaList, url } from './config-fields.ts';
import { rsaPemVariable } from './rsa-key.ts';

/**
 * A web origin a browser loads a game page or its art from: http(s), a host (a leading `*.` for any subdomain, as CSP
 * allows), an optional port, nothing after; written back lower-case without a trailing slash.
 */
const ORIGIN = /^(https?):\/\/((?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(:\d{1,5})?\/?$/i;
const originList = commaList
  .refine((items) => items.every((item) => ORIGIN.test(item)), {
    message: 'must be a comma-separated list of origins such as https://games.studio.example or https://*.studio.example (no path)',
  })
  .transform((items) => [...new Set(items.map((item) => item.toLowerCase().replace(/\/$/, '')))]);

const HUB88_REQUIRED = ['HUB88_OPERATOR_ID', 'HUB88_API_URL', 'HUB88_PUBLIC_KEY', 'HUB88_PRIVATE_KEY'] as const;

const hub88Schema = z.object({
  HUB88_OPERATOR_ID: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').optional(),
  HUB88_API_URL: url(['https:', 'http:']).optional(),
  HUB88_PUBLIC_KEY: rsaPemVariable('public', 'must be an RSA public key in PEM (Hub88 signs its calls with it)').optional(),
  HUB88_PRIVATE_KEY: rsaPemVariable('private', 'must be an RSA private key in PEM (we sign our calls with it)').optional(),
  HUB88_SUB_PARTNER_ID: z.string().max(64, 'must be at most 64 characters').optional(),
  /** Where Hub88's studios serve their game pages and art, beyond HUB88_API_URL's origin: the play page's CSP lets them in. */
  HUB88_GAME_ORIGINS: originList.optional(),
  /** `on`: games new in Hub88's list are offered at once (the reference aggregator of npm start); else an operator enables each. */
  HUB88_NEW_GAMES: z.enum(['on', 'off'], { message: 'must be on or off' }).default('off'),
});

/** The variables, spread into the environment schema of server/config.ts. */
export const hub88Environment = hub88Schema.shape;

type Hub88Environment = z.output<typeof hub88Schema>;

/** Any Hub88 variable set asks for all four required ones; run in the environment schema's superRefine. */
export function checkHub88Environment(e: Hub88Environment, context: z.RefinementCtx): void {
  if ([...HUB88_REQUIRED, 'HUB88_SUB_PARTNER_ID' as const, 'HUB88_GAME_ORIGINS' as const].some((name) => e[name] !== undefined)) {
    for (const name of HUB88_REQUIRED.filter((required) => e[required] === undefined)) {
      context.addIssue({ code: 'custom', path: [name], message: `must be set with the other Hub88 variables (${HUB88_REQUIRED.join(', ')})` });
    }
  }
}

/** The Hub88 seamless wallet (docs/decisions/0096); undefined when off: no routes, no games of theirs. */
export type Hub88Config =
  | {
      operatorId: number;
      apiUrl: string;
      publicKey: KeyObject;
      privateKey: KeyObject;
      subPartnerId: string | undefined;
      newGamesOn: boolean;
      /** HUB88_GAME_ORIGINS: the studios' origins the play page may frame and show art from (decision 0100). */
      gameOrigins: string[];
    }
  | undefined;

export function hub88ConfigOf(e: Hub88Environment): Hub88Config {
  // checkHub88Environment made sure the private key comes with the other three.
  return (
    e.HUB88_PRIVATE_KEY && {
      operatorId: e.HUB88_OPERATOR_ID!,
      apiUrl: e.HUB88_API_URL!,
      publicKey: e.HUB88_PUBLIC_KEY!,
      privateKey: e.HUB88_PRIVATE_KEY,
      subPartnerId: e.HUB88_SUB_PARTNER_ID,
      newGamesOn: e.HUB88_NEW_GAMES === 'on',
      gameOrigins: e.HUB88_GAME_ORIGINS ?? [],
    }
  );
}
