import type { PlayerMessage } from '../../../contract/messages.ts';
import { MARKETING_EXCLUDED, playerAdminEndpoints as endpoints } from '../../../contract/operators.ts';
import { type EndpointApp, route } from '../../http/endpoints.ts';
import { invalid, Problem } from '../../problem.ts';
import type { Services } from '../../services.ts';
import type { FourEyesService } from './four-eyes.ts';
import { createStaffNotes } from './notes.ts';

// Players, messages and settings on the operator API. Reads of personal data and every change are audited; a
// change and its audit row commit in one transaction (docs/decisions/0082-hash-chained-audit-log.md).

const NO_PLAYER = 'No player with that id.';
const NOT_FOR_MARKETING = `This player may not receive marketing: they are ${MARKETING_EXCLUDED}.`;
const csvCell = (value: unknown) => {
  const text = String(value ?? '');
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export async function playerRoutes(app: EndpointApp, { services, fourEyes }: { services: Services; fourEyes: FourEyesService }) {
  const { accounts, settings, messages, wallet, operators } = services;
  const { audit } = operators;
  const notes = createStaffNotes({ db: services.database.db, audit });

  route(app, endpoints.players, async ({ staff, query }) => {
    const data = await accounts.findPlayers(query.email);
    await audit.record({ staffId: staff.id, action: 'players.search', after: { email: query.email ?? null, results: data.length } });
    return { data };
  });

  // The VIP tier is the clubs' to say: players above bronze come from it, bronze is everyone else.
  const tierFilter = async (vip: string | undefined, above?: Map<number, string>) => {
    if (vip === undefined) return {};
    const tiers = above ?? (await services.clubs.tiersAboveBronze());
    return vip === 'bronze' ? { exceptIds: [...tiers.keys()] } : { onlyIds: [...tiers].filter(([, tier]) => tier === vip).map(([id]) => id) };
  };
  const search = async (staffId: number, query: Record<string, string | undefined>, action: string) => {
    const { format: _format, vip, ...filter } = query;
    const above = await services.clubs.tiersAboveBronze();
    const rows = await accounts.searchPlayers({ ...(filter as Parameters<typeof accounts.searchPlayers>[0]), ...(await tierFilter(vip, above)) });
    await audit.record({ staffId, action, after: { ...filter, ...(vip ? { vip } : {}), results: rows.length } });
    // Kept from play now (a time-out, a self-exclusion, the wait after one): the limits module says who.
    const excluded = await services.limits.keptFromPlay(rows.map((row) => Number(row.id)));
    return rows.map((row) => ({ ...row, vip_tier: above.get(Number(row.id)) ?? ('bronze' as const), excluded: excluded.has(Number(row.id)) }));
  };

  route(app, endpoints.search, async ({ staff, query }) => ({ data: await search(staff.id, query, 'players.search') }));

  route(app, endpoints.export, async ({ reply, staff, query }) => {
    const rows = await search(staff.id, query, 'players.export');
    const header = ['id', 'email', 'name', 'phone', 'country', 'active', 'blocked', 'excluded', 'kyc_status', 'vip_tier', 'created_at'] as const;
    const csv = [header.join(','), ...rows.map((row) => header.map((key) => csvCell(row[key])).join(','))].join('\r\n');
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="players.csv"').send(`${csv}\r\n`);
  });

  route(app, endpoints.player, async ({ staff, params }) => {
    const id = Number(params.id);
    const profile = await accounts.adminPlayerProfile(id);
    if (!profile) throw new Problem(404, NO_PLAYER);
    const [summary, transactions, inbox, staffNotes, rounds, bonuses, limits, loyalty, vip, affiliate] = await Promise.all([
      wallet.wallet(id),
      wallet.transactions(id, {}, { page: 1, perPage: 50 }),
      messages.inbox(id, 50),
      notes.of(id),
      services.games.rounds.history(id, { page: 1, perPage: 50 }),
      services.bonuses.list(id),
      services.limits.overview(id),
      services.clubs.adminView(id),
      services.clubs.vip(id),
      services.affiliates.tracking.playerAffiliate(id),
    ]);
    const adjustments = await fourEyes.adjustments({ playerId: id });
    await audit.record({ staffId: staff.id, action: 'player.view', playerId: id, subject: `player:${id}` });
    return {
      data: {
        profile,
        wallet: {
          currency: summary.currency,
          cash: summary.cash,
          bonus: summary.bonus,
          pending_withdrawals: summary.pending_withdrawals,
          net_deposits: summary.net_deposits,
        },
        transactions: transactions.data,
        messages: inbox.data,
        notes: staffNotes,
        adjustments,
        rounds: rounds.data,
        bonuses,
        limits,
        loyalty: { ...loyalty, history: loyalty.history.slice(0, 20) },
        vip,
        affiliate,
      },
    };
  });

  for (const action of ['block', 'unblock'] as const) {
    route(app, endpoints[action], async ({ staff, params, body: { reason } }) => {
      const id = Number(params.id);
      const player = await audit.audited(
        async (tx) => {
          const before = await accounts.adminPlayer(id, tx);
          const after = before && (await accounts.setBlocked(id, action === 'block', tx));
          return before && after ? { before, after } : null;
        },
        ({ before, after }) => ({
          staffId: staff.id,
          action: `player.${action}`,
          playerId: id,
          subject: `player:${id}`,
          before: { blocked: before.blocked },
          after: { blocked: after.blocked, reason },
        }),
      );
      if (!player) throw new Problem(404, NO_PLAYER);
      return { data: player.after };
    });
  }

  // The override beside document review (issue 15): an operator sets the KYC status directly, audited with who and why.
  route(app, endpoints.kyc, async ({ staff, params, body: { status, reason } }) => {
    const id = Number(params.id);
    const player = await audit.audited(
      async (tx) => {
        const before = await accounts.adminPlayer(id, tx);
        const after = before && (await services.verification.override(id, status, tx));
        return before && after ? { before, after } : null;
      },
      ({ before }) => ({
        staffId: staff.id,
        action: 'player.kyc',
        playerId: id,
        subject: `player:${id}`,
        before: { kyc_status: before.kyc_status },
        after: { kyc_status: status, reason: reason ?? null },
      }),
    );
    if (!player) throw new Problem(404, NO_PLAYER);
    await services.verification.announce(id);
    return { data: player.after };
  });

  route(app, endpoints.note, async ({ staff, params, body }) => {
    const id = Number(params.id);
    if (!(await accounts.playerExists(id))) throw new Problem(404, NO_PLAYER);
    return { data: await notes.add(staff.id, id, body.body) };
  });

  route(app, endpoints.message, async ({ staff, body }) => {
    const playerId = Number(body.player_id);
    if (!body.subject.trim()) throw invalid({ subject: ['The subject field is required.'] });
    if (!body.body.trim()) throw invalid({ body: ['The body field is required.'] });
    if (!(await accounts.playerExists(playerId))) throw invalid({ player_id: [NO_PLAYER] });
    const input = { subject: body.subject.trim(), body: body.body.trim(), sentBy: staff.id };
    const audited = (sent: PlayerMessage, marketing: boolean) => ({
      staffId: staff.id,
      action: 'message.send',
      playerId,
      subject: `player:${playerId}`,
      after: { message_id: sent.id, subject: sent.subject, ...(marketing ? { marketing: true } : {}) },
    });
    // One marked marketing follows the marketing rule: the player it may not reach gets nothing (decision 0056).
    if (body.marketing) {
      const { sent } = await messages.sendMarketing({ ...input, playerIds: [playerId] }, async (tx, outcome) => {
        if (outcome.sent[0]) await audit.record(audited(outcome.sent[0].message, true), tx);
      });
      if (!sent[0]) throw invalid({ player_id: [NOT_FOR_MARKETING] });
      return { data: sent[0].message };
    }
    // A service message (their KYC, their account) reaches the player whatever their exclusions.
    const message = await audit.audited(
      (tx) => messages.send({ ...input, playerId }, tx),
      (sent) => audited(sent, false),
    );
    if (!message) throw invalid({ player_id: [NO_PLAYER] });
    await messages.announce(playerId, message);
    return { data: message };
  });

  // The players of a segment, before the marketing rule; a segment without its country or tier is a 422.
  const segmentPlayers = async ({ segment, country, tier }: { segment: string; country?: string; tier?: string }) => {
    if (segment === 'country' && !country) throw invalid({ country: ['The country field is required.'] });
    if (segment === 'vip_tier' && !tier) throw invalid({ tier: ['The tier field is required.'] });
    const rows = await accounts.searchPlayers(segment === 'country' ? { country } : segment === 'vip_tier' ? await tierFilter(tier) : {}, 100_000);
    return rows.map((row) => Number(row.id));
  };

  // What a segment send would do now, for the console's confirmation: nothing is written.
  route(app, endpoints.segmentPreview, async ({ query }) => {
    const { recipients, excluded } = await messages.marketingAudience(await segmentPlayers(query));
    return { data: { recipients: recipients.length, excluded } };
  });

  // A message to a segment is marketing: the messages service leaves out every player excluded by rule.
  route(app, endpoints.segmentMessage, async ({ staff, body: message }) => {
    const { segment, country, tier, subject, body } = message;
    if (!subject.trim()) throw invalid({ subject: ['The subject field is required.'] });
    if (!body.trim()) throw invalid({ body: ['The body field is required.'] });
    const playerIds = await segmentPlayers(message);
    const { sent, excluded } = await messages.sendMarketing({ playerIds, subject: subject.trim(), body: body.trim(), sentBy: staff.id }, (tx, outcome) =>
      audit.record(
        {
          staffId: staff.id,
          action: 'message.segment',
          subject: `segment:${segment}`,
          after: {
            segment,
            country: country ?? null,
            tier: tier ?? null,
            subject,
            sent: outcome.sent.length,
            excluded: outcome.excluded,
            reason: message.reason,
          },
        },
        tx,
      ),
    );
    return { data: { sent: sent.length, excluded } };
  });

  const adminSettings = async () => ({ ...(await settings.publicSettings()), maintenance_locked: settings.maintenanceLocked });

  route(app, endpoints.settings, async () => ({ data: await adminSettings() }));

  // Activation type and the maintenance switch. The change and its audit row commit together; then every node
  // forgets its cached settings (cache bus), so maintenance starts or ends on all of them at once.
  route(app, endpoints.updateSettings, async ({ staff, body }) => {
    const { registration_activation_type: type, maintenance } = body;
    if (type === undefined && maintenance === undefined) throw invalid({ maintenance: ['Choose a setting to change.'] });
    const typeBefore = (await settings.publicSettings()).registration_activation_type;
    await audit.audited(
      async (tx) => {
        const before = { registration_activation_type: typeBefore, maintenance: await settings.storedMaintenance(tx) };
        if (type !== undefined) await settings.setRegistrationActivationType(type, tx);
        if (maintenance !== undefined) await settings.setMaintenance(maintenance, tx);
        return before;
      },
      (before) => ({
        staffId: staff.id,
        action: 'settings.update',
        subject: 'settings',
        before: {
          ...(type !== undefined ? { registration_activation_type: before.registration_activation_type } : {}),
          ...(maintenance !== undefined ? { maintenance: before.maintenance } : {}),
        },
        after: {
          ...(type !== undefined ? { registration_activation_type: type } : {}),
          ...(maintenance !== undefined ? { maintenance, maintenance_locked: settings.maintenanceLocked } : {}),
        },
      }),
    );
    await services.cacheBus.changed('settings');
    return { data: await adminSettings() };
  });
}
