import fastifySwagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errorBodySchema, validationErrorBodySchema } from '../../contract/http.ts';
import type { Endpoint } from '../../contract/endpoint.ts';
import { endpointOf } from './endpoints.ts';
import { AFFILIATE_GUARDS, guardNames, OPERATOR_GUARDS, PLAYER_GUARDS } from './guards-first.ts';

// The API reference (decision 0027): GET /api/openapi.json is an OpenAPI 3.1 document generated from the zod
// schemas every route declares (contract/), and /api/docs renders it with Scalar, whose script we serve ourselves.
// A route registered from an endpoint object (contract/endpoint.ts, server/http/endpoints.ts) also gets the object's
// operationId, summary and security, its Idempotency-Key header and the 2xx answers zod cannot describe (204, files).

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** Players present the HttpOnly `token` cookie (the site) or the same token as a bearer (API clients). */
type Security = Record<string, string[]>[];
const PLAYER_SECURITY: Security = [{ bearer: [] }, { tokenCookie: [] }];
/** Operators present their bearer token (the CLI, API clients) or the console's HttpOnly `staff_token` cookie. */
const OPERATOR_SECURITY: Security = [{ bearer: [] }, { staffCookie: [] }];
/** Affiliates present their bearer token or the portal's HttpOnly `affiliate_token` cookie (docs/decisions/0107). */
const AFFILIATE_SECURITY: Security = [{ bearer: [] }, { affiliateCookie: [] }];

/** Hub88's calls to our wallet carry no session: the aggregator signs each body (server/modules/providers/hub88/). */
const HUB88_SECURITY: Security = [{ hub88Signature: [] }];
const HUB88_PREFIX = '/api/hub88/';

/** No credentials asked: an empty list, so the document says so rather than leaving it unsaid. */
const PUBLIC: Security = [];

/** The security an endpoint object names (server/http/endpoints.ts); a player token is optional for `optional-player`. */
function endpointSecurity(endpoint: Endpoint): Security {
  switch (endpoint.auth) {
    case 'public':
      return PUBLIC;
    case 'optional-player':
      return [...PLAYER_SECURITY, {}];
    case 'operator':
    case 'staff-session':
      return OPERATOR_SECURITY;
    case 'affiliate':
      return AFFILIATE_SECURITY;
    default:
      return PLAYER_SECURITY;
  }
}

/** The `Idempotency-Key` header as a request parameter, required where the server requires it (DESIGN.md). */
function idempotencyHeader(endpoint: Endpoint) {
  const required = endpoint.idempotent === true;
  const description = required
    ? 'The request’s idempotency key: 1 to 200 visible ASCII characters. The same key with the same request answers the first result again; with a different request, 409.'
    : 'Required for real-money play (1 to 200 visible ASCII characters), as for every money-moving request; ignored in demo play.';
  return {
    type: 'object',
    properties: { 'Idempotency-Key': { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$', description } },
    ...(required ? { required: ['Idempotency-Key'] } : {}),
  };
}

/** An endpoint's answers that are not JSON: 204 with no body, a file with its media type. */
function otherAnswers(endpoint: Endpoint): Record<string, object> {
  const answers: Record<string, object> = {};
  for (const [status, answer] of Object.entries(endpoint.responses)) {
    if ('_zod' in answer) continue;
    // swagger writes no content for a `null` schema: a 204 is documented with its description alone.
    answers[status] =
      answer.kind === 'no-content'
        ? { type: 'null', description: answer.description }
        : { description: answer.description, content: { [answer.contentType]: { schema: { type: 'string', format: 'binary' } } } };
  }
  return answers;
}

/**
 * The document without the component schemas nothing refers to: the zod provider writes an input and an output form
 * of every named schema, and most are only ever one of the two (Redocly's `no-unused-components`).
 */
function withoutUnusedSchemas<T extends object>(document: T): T {
  const { components, ...rest } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  if (!schemas) return document;
  const PREFIX = '#/components/schemas/';
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) {
        if (key === '$ref' && typeof item === 'string' && item.startsWith(PREFIX)) {
          const name = decodeURIComponent(item.slice(PREFIX.length));
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(item);
      }
  };
  visit(rest);
  visit({ ...components, schemas: undefined });
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } } as T;
}

/** Whether a route is part of the documented API: the player site's pages and the sandbox's hosted pages are not. */
export const isDocumentedRoute = (url: string) => url.startsWith('/api/') && url !== '/api/*' && url !== OPENAPI_PATH && !url.startsWith(DOCS_PATH);

/**
 * Registers the document's generator; call it before the routes, whose schemas it collects as they are added.
 * Every operation gets the shared error shapes: 422 `{message, errors}` and any other 4xx `{message, type?}`.
 */
export async function installOpenApi(app: FastifyInstance, { siteName, hub88 }: { siteName: string; hub88: boolean }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${siteName} API`,
        version: '1',
        license: { name: 'MIT', identifier: 'MIT' },
        description:
          'The JSON API of the player site and the operators. Amounts are integers of minor units. Failures are Laravel-shaped: a 422 names the fields in `errors`; any other 4xx has a `message` and sometimes a `type` (`inactive`, `blocked`, `throttled`, `idempotency`).',
      },
      // The API is served by the site the document comes from, whatever its host name behind the operator's proxy.
      servers: [{ url: '/', description: 'This site' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A player token from POST /api/login, or an operator token from POST /api/admin/login.' },
          tokenCookie: { type: 'apiKey', in: 'cookie', name: 'token', description: 'The player site’s HttpOnly session cookie, set by POST /api/login.' },
          affiliateCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'affiliate_token',
            description: 'The affiliate portal’s HttpOnly session cookie, sent only to /affiliates and /api/affiliates, set by POST /api/affiliates/login.',
          },
          staffCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'staff_token',
            description: 'The back office’s HttpOnly session cookie, sent only to /admin and /api/admin, set by POST /api/admin/login.',
          },
          // Only where the Wallet API is served (HUB88_* configured): a scheme nothing uses would be documented for nothing.
          ...(hub88
            ? {
                hub88Signature: {
                  type: 'apiKey',
                  in: 'header',
                  name: 'X-Hub88-Signature',
                  description: 'Hub88’s RSA-SHA256 signature of the raw request body, base64; checked with HUB88_PUBLIC_KEY before anything is read.',
                },
              }
            : {}),
        },
      },
    },
    transform: (document) => {
      const { url, route } = document;
      if (!isDocumentedRoute(url) || document.schema?.hide) return { schema: { hide: true }, url };
      const endpoint = endpointOf(route);
      const guards = guardNames(route);
      const security = url.startsWith(HUB88_PREFIX)
        ? HUB88_SECURITY
        : endpoint
          ? endpointSecurity(endpoint)
          : guards.some((name) => OPERATOR_GUARDS.has(name))
            ? OPERATOR_SECURITY
            : guards.some((name) => PLAYER_GUARDS.has(name))
              ? PLAYER_SECURITY
              : guards.some((name) => AFFILIATE_GUARDS.has(name))
                ? AFFILIATE_SECURITY
                : PUBLIC;
      const schema = {
        ...document.schema,
        ...(document.schema?.security ? {} : { security }),
        ...(endpoint ? { operationId: endpoint.operationId, summary: endpoint.summary } : {}),
        tags: [url.startsWith('/api/admin') ? 'operators' : (url.split('/')[2] ?? 'api')],
        response: { ...(document.schema?.response as object | undefined), 422: validationErrorBodySchema, '4XX': errorBodySchema },
      };
      const transformed = jsonSchemaTransform({ ...document, schema });
      if (!endpoint) return transformed;
      // What zod cannot say: the header the handler reads itself, and answers with no body or a file.
      const documented = transformed.schema as Record<string, unknown>;
      if (endpoint.idempotent) documented.headers = idempotencyHeader(endpoint);
      documented.response = { ...(documented.response as object | undefined), ...otherAnswers(endpoint) };
      return transformed;
    },
    transformObject: (input) => withoutUnusedSchemas(jsonSchemaTransformObject(input)),
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());

  await app.register(async (docs) => {
    // Scalar's page takes a fixed nonce; each answer gets this request's CSP nonce instead of the placeholder.
    const NONCE_PLACEHOLDER = 'csp-nonce-placeholder';
    docs.addHook('onSend', async (_request, reply, payload) =>
      typeof payload === 'string' && payload.includes(NONCE_PLACEHOLDER) ? payload.replaceAll(NONCE_PLACEHOLDER, reply.cspNonce.script) : payload,
    );
    await docs.register(scalar, {
      routePrefix: DOCS_PATH,
      configuration: {
        url: OPENAPI_PATH,
        nonce: NONCE_PLACEHOLDER,
        pageTitle: `${siteName} API reference`,
        // Nothing from anyone else's servers: no web fonts, no telemetry, no hosted client, proxy or AI agent.
        withDefaultFonts: false,
        agent: { disabled: true },
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: 'never',
      },
    });
  });
}
