import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, EndpointAnswer, SuccessBody } from '../../contract/endpoint.ts';
import type { Requirement } from '../../contract/player-standing.ts';
import { affiliateGuard } from '../modules/affiliates/guards.ts';
import type { AuthenticatedAffiliate } from '../modules/affiliates/accounts.ts';
import type { AffiliatesService } from '../modules/affiliates/service.ts';
import type { AccountsService, AuthenticatedPlayer } from '../modules/accounts/service.ts';
import type { Permission } from '../modules/operators/permissions.ts';
import type { AuthenticatedOperator, OperatorsService } from '../modules/operators/service.ts';
import { Problem } from '../problem.ts';
import { idempotencyKey } from './idempotency-key.ts';
import { staffGuards } from './operator-guard.ts';
import { playerGuards } from './player-guards.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint object a route was registered from (server/http/endpoints.ts), read by the OpenAPI document. */
    endpoint?: Endpoint;
  }
}

// Routes registered from the contract's endpoint objects (contract/endpoint.ts, issue 27 §3): the object gives the
// schemas, the guard and the OpenAPI facts; the handler gets its inputs typed and the caller it was guarded for
// (`player`, `staff`, `affiliate`) already known to be there, so no handler writes `request.player!`.

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Signs the player in for a handler that decides itself (real or demo play): it refuses as the guards do. */
type RequirePlayer = (requirement: Requirement) => Promise<AuthenticatedPlayer>;

/** Who the guard let in, by the endpoint's `auth`. */
type Caller<E extends Endpoint> = E['auth'] extends 'player' | 'not-blocked' | 'active-player'
  ? { player: AuthenticatedPlayer }
  : E['auth'] extends 'optional-player'
    ? { requirePlayer: RequirePlayer }
    : E['auth'] extends 'operator' | 'staff-session'
      ? { staff: AuthenticatedOperator }
      : E['auth'] extends 'affiliate'
        ? { affiliate: AuthenticatedAffiliate }
        : unknown;

export type EndpointContext<E extends Endpoint> = {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
} & Caller<E> &
  (E['idempotent'] extends true ? { idempotencyKey: string } : unknown);

/**
 * The success body, sent with the endpoint's 2xx status; a handler that answers a file sends it and returns the
 * reply; one whose endpoint answers no body (204) returns nothing.
 */
type Answer<E extends Endpoint> = SuccessBody<E> | FastifyReply;
export type EndpointHandler<E extends Endpoint> = (
  context: EndpointContext<E>,
) => SuccessBody<E> extends undefined ? Promise<void> | undefined : Answer<E> | Promise<Answer<E>>;

/** What a route adds to its endpoint: rate limits (run after the guard), hooks and compilers of its own. */
export type RouteExtras = Pick<RouteOptions, 'onSend' | 'serializerCompiler' | 'validatorCompiler' | 'bodyLimit'> & {
  preHandler?: RouteOptions['preHandler'];
};

// A scope whose callers prove themselves otherwise (a signed service call, a health probe) names no accounts service.
type GuardServices = {
  accounts?: Pick<AccountsService, 'authenticate'>;
  operators?: Pick<OperatorsService, 'authenticate'>;
  affiliates?: Pick<AffiliatesService, 'accounts'>;
};

/** A plugin scope's routes and the guards they share. */
export type EndpointApp = {
  fastify: FastifyInstance;
  player?: ReturnType<typeof playerGuards>;
  operator?: ReturnType<typeof staffGuards>;
  affiliate?: ReturnType<typeof affiliateGuard>;
};

/** The guards of one plugin's scope (each decorates the request there): call once per routes plugin. */
export function endpointApp(fastify: FastifyInstance, services: GuardServices): EndpointApp {
  if (services.operators && !fastify.hasRequestDecorator('operator')) fastify.decorateRequest('operator', null);
  if (services.affiliates && !fastify.hasRequestDecorator('affiliate')) fastify.decorateRequest('affiliate', null);
  return {
    fastify,
    ...(services.accounts ? { player: playerGuards(fastify, services.accounts) } : {}),
    ...(services.operators ? { operator: staffGuards(services.operators) } : {}),
    ...(services.affiliates ? { affiliate: affiliateGuard(services.affiliates) } : {}),
  };
}

const isSchema = (answer: EndpointAnswer): answer is z.ZodType => '_zod' in answer;

/**
 * The 2xx status a handler's answer is sent with: the endpoint's only one, or the one it names. A form post that
 * ends in a redirect (the sandbox gateway's pages) has its 3xx instead, which its handler sends itself.
 */
export function successStatus(endpoint: Endpoint): number {
  const all = Object.keys(endpoint.responses).map(Number);
  const twoHundreds = all.filter((status) => status >= 200 && status < 300);
  const statuses = twoHundreds.length > 0 ? twoHundreds : all.filter((status) => status >= 300 && status < 400);
  if (endpoint.status !== undefined && statuses.includes(endpoint.status)) return endpoint.status;
  if (endpoint.status === undefined && statuses.length === 1) return statuses[0] as number;
  throw new Error(`${endpoint.operationId} must declare one 2xx answer, or name one of its ${statuses.length} as its status.`);
}

/** The guard named by `auth`: one of the named functions guards-first.ts moves ahead of validation and openapi.ts reads. */
function guardOf(app: EndpointApp, endpoint: Endpoint) {
  const missing = (kind: string) => new Error(`${endpoint.operationId}: endpointApp was given no ${kind} service.`);
  const players = () => {
    if (!app.player) throw missing('accounts');
    return app.player;
  };
  switch (endpoint.auth) {
    case 'public':
      return undefined;
    case 'optional-player':
      // The handler signs the player in itself, when it must (requirePlayer).
      players();
      return undefined;
    case 'player':
      return players().signedIn;
    case 'not-blocked':
      return players().notBlocked;
    case 'active-player':
      return players().activePlayer;
    case 'operator':
      if (!app.operator) throw missing('operators');
      return endpoint.permission ? app.operator.requirePermission(endpoint.permission as Permission) : app.operator.operatorOnly;
    case 'staff-session':
      if (!app.operator) throw missing('operators');
      return app.operator.staffSession;
    case 'affiliate':
      if (!app.affiliate) throw missing('affiliates');
      return app.affiliate;
  }
}

/** The caller the guard set on the request; a guard that let the request through always set it. */
function callerOf(app: EndpointApp, endpoint: Endpoint, request: FastifyRequest): Record<string, unknown> {
  const present = <T>(value: T | null): T => {
    if (value === null) throw new Problem(401, 'Unauthenticated.');
    return value;
  };
  switch (endpoint.auth) {
    case 'player':
    case 'not-blocked':
    case 'active-player':
      return { player: present(request.player) };
    case 'optional-player': {
      // guardOf refused to register an optional-player route without the player guards.
      const { player } = app;
      return player ? { requirePlayer: (requirement: Requirement) => player.check(request, requirement) } : {};
    }
    case 'operator':
    case 'staff-session':
      return { staff: present(request.operator) };
    case 'affiliate':
      return { affiliate: present(request.affiliate) };
    default:
      return {};
  }
}

/** Registers `endpoint`'s route: its schemas, its guard ahead of `extras.preHandler`, and `handler` with a typed context. */
export function route<E extends Endpoint>(app: EndpointApp, endpoint: E, handler: EndpointHandler<E>, extras: RouteExtras = {}): void {
  const status = successStatus(endpoint);
  const response = Object.fromEntries(Object.entries(endpoint.responses).filter(([, answer]) => isSchema(answer)));
  const schema: FastifySchema & Record<string, unknown> = {
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
    ...(Object.keys(response).length > 0 ? { response } : {}),
  };
  const guard = guardOf(app, endpoint);
  const preHandler = [...(guard ? [guard] : []), ...[extras.preHandler ?? []].flat()] as RouteOptions['preHandler'];
  app.fastify.route({
    ...extras,
    method: endpoint.method,
    url: endpoint.path,
    schema,
    preHandler,
    // openapi.ts documents the operation from the endpoint itself: its id, summary, security, headers and answers.
    config: { endpoint },
    handler(request, reply) {
      const context = {
        request,
        reply,
        params: request.params,
        query: request.query,
        body: request.body,
        ...callerOf(app, endpoint, request),
        ...(endpoint.idempotent === true ? { idempotencyKey: idempotencyKey(request, true) } : {}),
      } as EndpointContext<E>;
      const send = (answer: unknown) => {
        // A handler that sent the reply itself (a redirect, an HTML page) answers with it; an async one's promise
        // resolves to undefined instead, because a Fastify reply is a thenable that the promise adopts.
        if (answer === reply || reply.sent) return reply;
        if (status === 204) return reply.code(204).send();
        return status === 200 ? answer : reply.code(status).send(answer);
      };
      // A handler that answers at once (the cached settings) is not made to wait for a promise.
      const answer: unknown = handler(context);
      return answer instanceof Promise ? answer.then(send) : send(answer);
    },
  });
}

/** The endpoint a route was registered from, if it was. */
export const endpointOf = (route: Pick<RouteOptions, 'config'> | undefined): Endpoint | undefined => route?.config?.endpoint;
