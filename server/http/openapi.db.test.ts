// The API reference: GET /api/openapi.json describes every /api route from the zod schemas the routes declare,
// and /api/docs renders it with our own copy of the viewer.
import { describe, expect, it } from 'vitest';
import { accountEndpoints } from '../../contract/accounts.ts';
import { adminAffiliateEndpoints, affiliateEndpoints } from '../../contract/affiliates.ts';
import { bonusEndpoints } from '../../contract/bonuses.ts';
import { chainAdminEndpoints } from '../../contract/chain.ts';
import { clubEndpoints } from '../../contract/clubs.ts';
import { complianceEndpoints } from '../../contract/compliance.ts';
import { contentEndpoints } from '../../contract/content.ts';
import { jobEndpoints } from '../../contract/jobs.ts';
import { jurisdictionAdminEndpoints } from '../../contract/jurisdictions-admin.ts';
import { limitEndpoints } from '../../contract/limits.ts';
import { moneyEndpoints, operatorEndpoints, opsEndpoints, playerAdminEndpoints } from '../../contract/operators.ts';
import { paymentsAdminEndpoints } from '../../contract/payments-admin.ts';
import { regulatorEndpoints } from '../../contract/regulator.ts';
import { reportEndpoints } from '../../contract/reports.ts';
import { screeningEndpoints } from '../../contract/screening.ts';
import { signInEndpoints } from '../../contract/signins.ts';
import { crashEndpoints } from '../../contract/crash.ts';
import type { Endpoint } from '../../contract/endpoint.ts';
import { catalogEndpoints, gameEndpoints } from '../../contract/games.ts';
import { messageEndpoints } from '../../contract/messages.ts';
import { providerEndpoints } from '../../contract/providers.ts';
import { broadcastingEndpoints, healthEndpoints, settingsEndpoints } from '../../contract/site.ts';
import { verificationEndpoints } from '../../contract/verification.ts';
import { paymentEndpoints, sandboxGatewayEndpoints, walletEndpoints } from '../../contract/wallet.ts';
import { OPERATOR_ENV } from '../modules/payments/testing.ts';
import { useTestApp } from '../test-app.ts';
import { isDocumentedRoute } from './openapi.ts';
import { redoclyProblems } from './test-openapi-lint.ts';

const t = useTestApp(OPERATOR_ENV);

type Parameter = { name: string; in: string; required?: boolean; schema?: unknown };
type Operation = {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description?: string; content?: Record<string, { schema: unknown }> }>;
  requestBody?: unknown;
};
type Document = {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string }>; schemas: Record<string, unknown> };
};

/** Fastify's `/api/games/:slug` as OpenAPI writes it: `/api/games/{slug}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with the bearer and cookie schemes and the shared error shapes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as Document;
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(document.components.securitySchemes.tokenCookie).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'token' }));
    expect(document.components.schemas.ValidationError).toEqual(
      expect.objectContaining({ type: 'object', required: expect.arrayContaining(['message', 'errors']) }),
    );
    expect(document.components.schemas.Error).toEqual(expect.objectContaining({ type: 'object', required: ['message'] }));
  });

  it('describes every registered /api route, each with its error answers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    const routes = t.app.registeredRoutes.filter((route) => route.method !== 'HEAD' && isDocumentedRoute(route.url));
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]);
    expect(missing).toEqual([]);
    for (const route of routes) {
      const operation = document.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      expect(Object.keys(operation.responses), `${route.method} ${route.url}`).toEqual(expect.arrayContaining(['422', '4XX']));
    }
    // A route documents only what it is: no site pages, no sandbox pages, not the reference itself.
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
    expect(document.paths['/api/openapi.json']).toBeUndefined();
  });

  it('says which routes take a player token, which an operator token, and what the bodies and answers are', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    expect(document.paths['/api/player']!.get!.security).toEqual([{ bearer: [] }, { tokenCookie: [] }]);
    expect(document.paths['/api/admin/players']!.get!.security).toEqual([{ bearer: [] }, { staffCookie: [] }]);
    // No credentials: an empty list says so (Redocly's `security-defined`).
    expect(document.paths['/api/games']!.get!.security).toEqual([]);
    expect(document.paths['/api/login']!.post!.requestBody).toEqual(
      expect.objectContaining({ content: { 'application/json': { schema: expect.objectContaining({ required: ['email', 'password'] }) } } }),
    );
    expect(JSON.stringify(document.paths['/api/player/wallet']!.get!.responses['200'])).toContain('#/components/schemas/Wallet');
  });
});

describe("Redocly's recommended rules", () => {
  it('find nothing in the document: no error and no warning', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    expect(await redoclyProblems(document)).toEqual([]);
  });

  it('are really applied: the same document with one operation left without security fails', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    delete document.paths['/api/games']!.get!.security;
    expect(await redoclyProblems(JSON.stringify(document))).toEqual(['security-defined #/paths/~1api~1games/get']);
  });
});

describe('the operations registered from endpoint objects (contract/endpoint.ts)', () => {
  const endpoints: Endpoint[] = [
    accountEndpoints,
    settingsEndpoints,
    walletEndpoints,
    paymentEndpoints,
    messageEndpoints,
    catalogEndpoints,
    gameEndpoints,
    crashEndpoints,
    verificationEndpoints,
    limitEndpoints,
    bonusEndpoints,
    clubEndpoints,
    contentEndpoints,
    signInEndpoints,
    screeningEndpoints,
    jurisdictionAdminEndpoints,
    jobEndpoints,
    regulatorEndpoints,
    complianceEndpoints,
    affiliateEndpoints,
    adminAffiliateEndpoints,
    operatorEndpoints,
    moneyEndpoints,
    playerAdminEndpoints,
    opsEndpoints,
    paymentsAdminEndpoints,
    reportEndpoints,
    chainAdminEndpoints,
    broadcastingEndpoints,
    healthEndpoints,
    providerEndpoints,
    sandboxGatewayEndpoints,
  ]
    .flatMap((group) => Object.values(group))
    // Registered only with APP_ENV=staging (the limits' session rewind for the browser tests), not in this app. The
    // signer's calls and Hub88's callbacks exist only with a signer or Hub88 configured: their groups are checked in the
    // document of an app that has them (payments/chain/signer.db.test.ts, providers/hub88/routes.db.test.ts).
    .filter((endpoint) => !endpoint.path.startsWith('/api/testing/'))
    // The sandbox gateway's hosted pages are no part of the API the document describes.
    .filter((endpoint) => isDocumentedRoute(endpoint.path));
  const PLAYER = [{ bearer: [] }, { tokenCookie: [] }];
  const OPERATOR = [{ bearer: [] }, { staffCookie: [] }];
  const securityOf: Record<Endpoint['auth'], unknown> = {
    public: [],
    'optional-player': [...PLAYER, {}],
    player: PLAYER,
    'not-blocked': PLAYER,
    'active-player': PLAYER,
    operator: OPERATOR,
    'staff-session': OPERATOR,
    affiliate: [{ bearer: [] }, { affiliateCookie: [] }],
  };

  it('each has its operationId, summary, security and every 2xx answer; operationIds are unique', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    expect(endpoints.length).toBeGreaterThan(50);
    for (const endpoint of endpoints) {
      const name = `${endpoint.method} ${endpoint.path}`;
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(operation!.operationId, name).toBe(endpoint.operationId);
      expect(operation!.summary, name).toBe(endpoint.summary);
      expect(operation!.security, name).toEqual(securityOf[endpoint.auth]);
      const successes = Object.keys(endpoint.responses).filter((status) => status.startsWith('2'));
      expect(successes.length === 1 || successes.includes(String(endpoint.status)), name).toBe(true);
      expect(Object.keys(operation!.responses), name).toEqual(expect.arrayContaining([...successes, '422', '4XX']));
    }
    const ids = Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .map((operation) => operation.operationId)
      .filter((id) => id !== undefined);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the Idempotency-Key header wherever the server requires it, and optional where only real play needs it', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    const header = (method: string, path: string) =>
      document.paths[path]![method]!.parameters?.find((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key');
    for (const endpoint of endpoints.filter((candidate) => candidate.idempotent === true)) {
      expect(header(endpoint.method.toLowerCase(), openApiPath(endpoint.path)), endpoint.operationId).toEqual(
        expect.objectContaining({ required: true, schema: expect.objectContaining({ type: 'string', maxLength: 200 }) }),
      );
    }
    expect(header('post', '/api/payments/deposits')?.required).toBe(true);
    expect(header('post', '/api/payments/withdrawals')?.required).toBe(true);
    expect(header('post', '/api/crash/bets')?.required).toBe(true);
    expect(header('post', '/api/games/{slug}/rounds')).toEqual(expect.objectContaining({ required: false }));
    expect(header('get', '/api/player/wallet')).toBeUndefined();
  });

  it('documents answers without a JSON body: 204 with none, files with their media type', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    expect(document.paths['/api/register']!.post!.responses['204']!.content).toBeUndefined();
    expect(document.paths['/api/register']!.post!.responses['201']!.content?.['application/json']).toBeDefined();
    const logout = document.paths['/api/logout']!.post!.responses['204'];
    expect(logout).toEqual(expect.objectContaining({ description: expect.any(String) }));
    expect(logout!.content).toBeUndefined();
    expect(document.paths['/api/player/messages/{id}']!.delete!.responses['204']!.content).toBeUndefined();
    expect(Object.keys(document.paths['/api/player/transactions/export']!.get!.responses['200']!.content ?? {})).toEqual(['text/csv']);
    expect(document.paths['/api/payments/deposits']!.post!.responses['201']!.content?.['application/json']).toBeDefined();
  });
});

describe('GET /api/docs', () => {
  it('answers the reference page whose scripts all come from our own origin, each with the CSP nonce', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...response.body.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script).toContain(`nonce="${nonce}"`);
      const src = /\bsrc="([^"]+)"/.exec(script)?.[1];
      if (src) expect(src).not.toMatch(/^(https?:)?\/\//);
    }
    expect(response.body).not.toMatch(/https?:\/\/(cdn\.|fonts\.|unpkg|jsdelivr)/);
    expect(response.body).toContain('/api/openapi.json');

    const script = scripts.map((tag) => /\bsrc="([^"]+)"/.exec(tag)?.[1]).find(Boolean)!;
    const bundle = await t.app.inject({ method: 'GET', url: new URL(script, 'http://localhost/api/docs/').pathname });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
  });

  it('sends /api/docs to the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 301, 302]).toContain(response.statusCode);
  });
});
