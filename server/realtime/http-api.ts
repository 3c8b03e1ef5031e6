import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { channelKind, MAX_EVENT_NAME_LENGTH, MAX_USER_ID_LENGTH, publishProblem } from './channel-names.ts';
import { signedRequestProblem } from './http-api-auth.ts';
import type { RealtimeLogger } from './logger.ts';
import type { RealtimeApp, RealtimeServer } from './server.ts';

/** Room for a full batch of events at the largest data size, plus their envelopes. */
const MAX_BODY_BYTES = 256 * 1024;
/** Pusher's limits on one publish. */
const MAX_CHANNELS_PER_EVENT = 100;
const MAX_BATCH_EVENTS = 10;

class HttpProblem extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

// A whole request is refused if one of its channels is (400, nothing published), unprefixed private names included.
const channelName = z.string().superRefine((name, context) => {
  const problem = publishProblem(name);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});
const eventFields = {
  name: z.string().min(1).max(MAX_EVENT_NAME_LENGTH),
  data: z.string({ message: 'data must be a string (JSON-encode objects)' }),
  socket_id: z
    .string()
    .regex(/^\d+\.\d+$/, 'socket_id must look like 123.456')
    .optional(),
  info: z.string().optional(),
};
const eventBody = z
  .object({ ...eventFields, channels: z.array(channelName).min(1).max(MAX_CHANNELS_PER_EVENT).optional(), channel: channelName.optional() })
  .refine((body) => (body.channels === undefined) !== (body.channel === undefined), { message: 'give either channels or channel' });
const batchBody = z.object({
  batch: z
    .array(z.object({ ...eventFields, channel: channelName }))
    .min(1)
    .max(MAX_BATCH_EVENTS),
});

type Route = { method: 'GET' | 'POST'; pattern: RegExp; handle: (request: ApiRequest, match: string[]) => Promise<unknown> };
type ApiRequest = { query: URLSearchParams; body: Buffer | undefined };

/**
 * The Pusher HTTP API (events, batch events, channel queries, user termination) with Pusher's
 * signed-query authentication, so the `pusher` SDKs of every language publish to this server.
 */
export function createHttpApi(options: { app: RealtimeApp; realtime: RealtimeServer; maxMessageBytes: number; logger: RealtimeLogger }) {
  const { app, realtime, maxMessageBytes, logger } = options;

  function parseJson<T>(schema: z.ZodType<T>, body: Buffer | undefined): T {
    let value: unknown;
    try {
      value = JSON.parse(body?.toString('utf8') ?? '');
    } catch {
      throw new HttpProblem(400, 'The body must be JSON');
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new HttpProblem(400, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid body');
    }
    return parsed.data;
  }

  function checkDataSize(data: string): void {
    if (Buffer.byteLength(data) > maxMessageBytes) throw new HttpProblem(413, `Event data exceeds ${maxMessageBytes} bytes`);
  }

  function requestedInfo(info: string | null | undefined): { subscriptionCount: boolean; userCount: boolean } {
    const wanted = new Set((info ?? '').split(',').map((item) => item.trim()));
    return { subscriptionCount: wanted.has('subscription_count'), userCount: wanted.has('user_count') };
  }

  async function channelAttributes(channel: string, info: string | null | undefined): Promise<Record<string, number>> {
    const wanted = requestedInfo(info);
    if (!wanted.subscriptionCount && !wanted.userCount) return {};
    const details = await realtime.channelInfo(channel);
    return {
      ...(wanted.subscriptionCount ? { subscription_count: details.subscriptionCount } : {}),
      ...(wanted.userCount && details.userCount !== undefined ? { user_count: details.userCount } : {}),
    };
  }

  const routes: Route[] = [
    {
      method: 'POST',
      pattern: /^events$/,
      async handle({ body }) {
        const event = parseJson(eventBody, body);
        checkDataSize(event.data);
        const channels = event.channels ?? [event.channel!];
        await realtime.publish(channels, event.name, event.data, event.socket_id);
        if (event.info === undefined) return {};
        const attributes = await Promise.all(channels.map((channel) => channelAttributes(channel, event.info)));
        return { channels: Object.fromEntries(channels.map((channel, index) => [channel, attributes[index]])) };
      },
    },
    {
      method: 'POST',
      pattern: /^batch_events$/,
      async handle({ body }) {
        const { batch } = parseJson(batchBody, body);
        for (const event of batch) checkDataSize(event.data);
        await Promise.all(batch.map((event) => realtime.publish([event.channel], event.name, event.data, event.socket_id)));
        if (batch.every((event) => event.info === undefined)) return {};
        return { batch: await Promise.all(batch.map((event) => channelAttributes(event.channel, event.info))) };
      },
    },
    {
      method: 'GET',
      pattern: /^channels$/,
      async handle({ query }) {
        const prefix = query.get('filter_by_prefix') ?? '';
        const wanted = requestedInfo(query.get('info'));
        if (wanted.userCount && !prefix.startsWith('presence-')) throw new HttpProblem(400, 'user_count needs filter_by_prefix=presence-');
        const counts = await realtime.channels(prefix);
        const entries = await Promise.all(
          [...counts].map(async ([channel, subscriptionCount]) => {
            const attributes: Record<string, number> = {};
            if (wanted.subscriptionCount) attributes.subscription_count = subscriptionCount;
            if (wanted.userCount) attributes.user_count = (await realtime.presenceUserIds(channel)).length;
            return [channel, attributes] as const;
          }),
        );
        return { channels: Object.fromEntries(entries) };
      },
    },
    {
      method: 'GET',
      pattern: /^channels\/([^/]+)$/,
      async handle({ query }, [, rawChannel]) {
        const channel = validChannel(rawChannel);
        const wanted = requestedInfo(query.get('info'));
        if (wanted.userCount && channelKind(channel) !== 'presence') throw new HttpProblem(400, 'user_count is only for presence channels');
        const details = await realtime.channelInfo(channel);
        return {
          occupied: details.occupied,
          ...(wanted.subscriptionCount ? { subscription_count: details.subscriptionCount } : {}),
          ...(wanted.userCount ? { user_count: details.userCount ?? 0 } : {}),
        };
      },
    },
    {
      method: 'GET',
      pattern: /^channels\/([^/]+)\/users$/,
      async handle(_request, [, rawChannel]) {
        const channel = validChannel(rawChannel);
        if (channelKind(channel) !== 'presence') throw new HttpProblem(400, 'Users are only listed for presence channels');
        return { users: (await realtime.presenceUserIds(channel)).map((id) => ({ id })) };
      },
    },
    {
      method: 'POST',
      pattern: /^users\/([^/]+)\/terminate_connections$/,
      async handle(_request, [, rawUserId]) {
        const userId = decodePathPart(rawUserId);
        if (userId === '' || userId.length > MAX_USER_ID_LENGTH || /[\r\n]/.test(userId)) throw new HttpProblem(400, 'Invalid user id');
        await realtime.terminateUserConnections(userId);
        return {};
      },
    },
  ];

  async function route(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const target = request.url ?? '/';
    const queryStart = target.indexOf('?');
    const path = queryStart === -1 ? target : target.slice(0, queryStart);
    const rawQuery = queryStart === -1 ? '' : target.slice(queryStart + 1);
    const method = request.method ?? 'GET';
    if ((path === '/' || path === '/health') && (method === 'GET' || method === 'HEAD')) return { status: 200, body: { ok: true } };

    const appMatch = /^\/apps\/([^/]+)\/(.+)$/.exec(path);
    if (!appMatch) throw new HttpProblem(404, 'Not found');
    if (decodePathPart(appMatch[1]) !== app.id) throw new HttpProblem(404, 'Unknown app');
    const rest = appMatch[2] ?? '';
    const candidates = routes.filter((candidate) => candidate.pattern.test(rest));
    const chosen = candidates.find((candidate) => candidate.method === method);
    if (!chosen) throw new HttpProblem(candidates.length > 0 ? 405 : 404, candidates.length > 0 ? 'Method not allowed' : 'Not found');

    const body = method === 'POST' ? await readBody(request) : undefined;
    const problem = signedRequestProblem(app, { method, path, rawQuery, body });
    if (problem) throw new HttpProblem(401, problem);
    const result = await chosen.handle({ query: new URLSearchParams(rawQuery), body }, chosen.pattern.exec(rest) ?? []);
    return { status: 200, body: result };
  }

  return (request: IncomingMessage, response: ServerResponse): void => {
    route(request)
      .catch((error: unknown) => {
        if (error instanceof HttpProblem) return { status: error.status, body: { error: error.message } };
        logger.error({ err: error, url: request.url }, 'realtime http api failed');
        return { status: 503, body: { error: 'The realtime service cannot serve this now' } };
      })
      .then(({ status, body }) => {
        const json = JSON.stringify(body);
        // A refused upload may still be arriving; the connection goes rather than reading it all.
        if (status === 413) response.setHeader('connection', 'close');
        response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
        response.end(request.method === 'HEAD' ? undefined : json);
      })
      .catch((error: unknown) => logger.error({ err: error }, 'realtime http api could not answer'));
  };
}

function decodePathPart(part: string | undefined): string {
  try {
    return decodeURIComponent(part ?? '');
  } catch {
    throw new HttpProblem(400, 'Malformed percent-encoding in the path');
  }
}

function validChannel(rawChannel: string | undefined): string {
  const channel = decodePathPart(rawChannel);
  if (!channelKind(channel)) throw new HttpProblem(400, 'Invalid channel name');
  return channel;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  const tooLarge = () => new HttpProblem(413, `The body exceeds ${MAX_BODY_BYTES} bytes`);
  if (Number(request.headers['content-length']) > MAX_BODY_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Not for-await: leaving that loop early destroys the socket before the 413 can be sent.
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      request.off('data', onData);
      request.pause();
      reject(tooLarge());
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', () => reject(new HttpProblem(400, 'The request was aborted')));
  });
}
