import type { FieldErrors } from '../../../contract/accounts.ts';
import { type AdminGame, GAME_TAGS, type OutboxItem, opsEndpoints as endpoints } from '../../../contract/operators.ts';
import { type EndpointApp, route } from '../../http/endpoints.ts';
import { hasErrors, invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { StoredRouteRule } from '../content/service.ts';

// Operations on the operator API (issue 18, docs/decisions/0084-admin-console.md): games switched on and
// off with their category, tags and stake limits; the site's route rules; the outbox of mail and SMS. Every change
// commits with its audit row, then every node forgets what it cached (server/cache-bus.ts).

const NO_GAME = 'No game with that slug.';
const NO_RULE = 'No route rule with that id.';
const NO_MESSAGE = 'No outgoing message with that id.';

/** `ada@example.com` → `a***@example.com`; `+35699123456` → `+35•••••••56`: enough to tell messages apart, not to contact anyone. */
export function maskRecipient(channel: string, recipient: string): string {
  // A webhook's address is an affiliate's postback URL: its host says where, its query may carry their ids.
  if (channel === 'webhook') return URL.canParse(recipient) ? `${new URL(recipient).origin}/…` : '***';
  if (channel === 'mail') {
    const at = recipient.lastIndexOf('@');
    if (at < 1) return '***';
    return `${recipient[0]}***${recipient.slice(at)}`;
  }
  const digits = recipient.replace(/\s+/g, '');
  if (digits.length < 6) return '***';
  return `${digits.slice(0, 3)}${'•'.repeat(digits.length - 5)}${digits.slice(-2)}`;
}

/** A transport's error may quote the address it refused: addresses and phone numbers are masked there too. */
export function scrubError(error: string | null): string | null {
  if (error === null) return null;
  return error
    .replace(/[^\s<>"'@,;:()[\]]+@[^\s<>"',;:()[\]]+/g, (address) => maskRecipient('mail', address))
    .replace(/\+?\d[\d ]{6,}\d/g, (phone) => maskRecipient('sms', phone));
}

const RESERVED_SOURCES = /^\/(admin|api|maintenance|assets|build|en)(\/|$)/;
const PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
const PATH_WITH_QUERY = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

/** A rule's source without its trailing slash (rules match either way), and the 422 for a bad source or target. */
export function checkRouteRule(rule: { source: string; target: string }): { source: string; target: string; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const source = rule.source.length > 1 ? rule.source.replace(/\/+$/, '') : rule.source;
  const target = rule.target;
  if (!source.startsWith('/') || source.startsWith('//') || !PATH.test(source)) {
    errors.source = ['The source must be a path on this site, such as /old-promotion (no query string, no spaces).'];
  } else if (source === '/' || RESERVED_SOURCES.test(source)) {
    errors.source = ['The home page, /en, /maintenance, /admin and /api paths cannot be redirected.'];
  }
  let external = false;
  if (/^https?:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      external = true;
      if (!url.hostname || /\s/.test(target)) throw new Error('bad');
    } catch {
      errors.target = ['The target must be a path such as /promotion or a full http(s) address.'];
    }
  } else if (!PATH_WITH_QUERY.test(target)) {
    errors.target = ['The target must be a path such as /promotion or a full http(s) address.'];
  }
  if (!errors.source && !errors.target && !external && target.replace(/[?#].*$/, '').replace(/\/+$/, '') === source) {
    errors.target = ['The target must differ from the source, or the page would redirect to itself.'];
  }
  return { source, target, errors };
}

const ruleView = (rule: StoredRouteRule) => ({
  id: rule.id,
  source: rule.source,
  target: rule.target,
  status: rule.status,
  created_at: rule.createdAt.toISOString(),
});
const ruleAudit = (rule: StoredRouteRule) => ({ source: rule.source, target: rule.target, status: rule.status });

export async function opsRoutes(app: EndpointApp, { services }: { services: Services }) {
  const { catalog, content, outbox, cacheBus } = services;
  const { audit } = services.operators;

  // --- games ---------------------------------------------------------------------------------------------
  route(app, endpoints.games, async () => {
    const [list, categories] = await Promise.all([catalog.adminGames(), catalog.ownCategories()]);
    return { data: { games: list, categories: [...categories].map(([slug, { name }]) => ({ slug, name })), tags: [...GAME_TAGS] } };
  });

  route(app, endpoints.updateGame, async ({ staff, params: { slug }, body }) => {
    const fields = Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined) as (keyof typeof body)[];
    if (fields.length === 0) throw invalid({ enabled: ['Choose something to change.'] });
    const changed = await audit.audited(
      async (tx) => {
        const before = await catalog.adminGame(slug, tx);
        if (!before) return null;
        const errors: FieldErrors = {};
        let categoryId: number | undefined;
        if (body.category !== undefined) {
          const categories = await catalog.ownCategories(tx);
          categoryId = categories.get(body.category)?.id;
          if (categoryId === undefined) errors.category = [`The category must be one of: ${[...categories.keys()].sort().join(', ')}.`];
        }
        const min = body.min_stake ?? before.min_stake;
        const max = body.max_stake ?? before.max_stake;
        if (min > max) errors.min_stake = ['The minimum stake may not be greater than the maximum stake.'];
        const step = before.stake_step;
        for (const [field, value] of [
          ['min_stake', body.min_stake],
          ['max_stake', body.max_stake],
        ] as const) {
          if (value !== undefined && value % step !== 0) (errors[field] ??= []).push(`Stakes on this game move in steps of ${step} (one per line).`);
        }
        if (hasErrors(errors)) throw invalid(errors);
        const tags = body.tags === undefined ? undefined : [...new Set(body.tags)];
        await catalog.updateGame(slug, { enabled: body.enabled, categoryId, tags, minStake: body.min_stake, maxStake: body.max_stake }, tx);
        const after = (await catalog.adminGame(slug, tx))!;
        return { before, after };
      },
      ({ before, after }) => {
        const pick = (game: AdminGame) => Object.fromEntries(fields.map((field) => [field, game[field]]));
        return { staffId: staff.id, action: 'game.update', subject: `game:${slug}`, before: pick(before), after: pick(after) };
      },
    );
    if (!changed) throw new Problem(404, NO_GAME);
    await cacheBus.changed('games');
    return { data: changed.after };
  });

  // --- route rules ---------------------------------------------------------------------------------------
  route(app, endpoints.routeRules, async () => ({ data: (await content.adminRouteRules()).map(ruleView) }));

  const DUPLICATE = 'There is already a rule for this source path.';
  route(app, endpoints.addRouteRule, async ({ staff, body }) => {
    const { source, target, errors } = checkRouteRule(body);
    if (hasErrors(errors)) throw invalid(errors);
    const rule = await audit.audited(
      async (tx) => {
        if (await content.routeRuleBySource(source, tx)) throw invalid({ source: [DUPLICATE] });
        return content.addRouteRule({ source, target, status: body.status }, tx);
      },
      (added) => ({ staffId: staff.id, action: 'route_rule.create', subject: `route_rule:${added.id}`, after: ruleAudit(added) }),
    );
    await cacheBus.changed('route-rules');
    return { data: ruleView(rule!) };
  });

  route(app, endpoints.updateRouteRule, async ({ staff, params, body }) => {
    const id = Number(params.id);
    const { source, target, errors } = checkRouteRule(body);
    if (hasErrors(errors)) throw invalid(errors);
    const changed = await audit.audited(
      async (tx) => {
        const before = await content.routeRule(id, tx);
        if (!before) return null;
        const clash = await content.routeRuleBySource(source, tx);
        if (clash && clash.id !== id) throw invalid({ source: [DUPLICATE] });
        const after = (await content.updateRouteRule(id, { source, target, status: body.status }, tx))!;
        return { before, after };
      },
      ({ before, after }) => ({
        staffId: staff.id,
        action: 'route_rule.update',
        subject: `route_rule:${id}`,
        before: ruleAudit(before),
        after: ruleAudit(after),
      }),
    );
    if (!changed) throw new Problem(404, NO_RULE);
    await cacheBus.changed('route-rules');
    return { data: ruleView(changed.after) };
  });

  route(app, endpoints.deleteRouteRule, async ({ staff, params }) => {
    const id = Number(params.id);
    const removed = await audit.audited(
      (tx) => content.deleteRouteRule(id, tx),
      (rule) => ({ staffId: staff.id, action: 'route_rule.delete', subject: `route_rule:${id}`, before: ruleAudit(rule) }),
    );
    if (!removed) throw new Problem(404, NO_RULE);
    await cacheBus.changed('route-rules');
  });

  // --- outbox --------------------------------------------------------------------------------------------
  const itemOf = (row: Awaited<ReturnType<typeof outbox.list>>[number]): OutboxItem => ({
    id: String(row.id),
    channel: row.channel as OutboxItem['channel'],
    template: row.template,
    recipient: maskRecipient(row.channel, row.recipient),
    status: row.status as OutboxItem['status'],
    attempts: row.attempts,
    last_error: scrubError(row.lastError),
    created_at: row.createdAt.toISOString(),
    next_attempt_at: row.nextAttemptAt.toISOString(),
  });

  route(app, endpoints.outbox, async ({ query }) => {
    const statuses = query.status ? [query.status] : ['failed', 'pending'];
    return { data: (await outbox.list(statuses)).map(itemOf) };
  });

  route(app, endpoints.retryOutbox, async ({ staff, params }) => {
    const id = Number(params.id);
    const retried = await audit.audited(
      async (tx) => {
        const before = await outbox.find(id, tx);
        if (!before) return null;
        if (before.status === 'sent') throw new Problem(409, 'This message was sent already.', { type: 'outbox_sent' });
        if (before.status === 'sending') throw new Problem(409, 'This message is being sent right now.', { type: 'outbox_sending' });
        const after = (await outbox.retry(id, tx))!;
        return { before, after };
      },
      ({ before, after }) => ({
        staffId: staff.id,
        action: 'outbox.retry',
        subject: `outbox:${id}`,
        before: { status: before.status, attempts: before.attempts, last_error: scrubError(before.lastError) },
        after: { status: after.status, attempts: after.attempts },
      }),
    );
    if (!retried) throw new Problem(404, NO_MESSAGE);
    outbox.wake();
    return { data: itemOf(retried.after) };
  });
}
