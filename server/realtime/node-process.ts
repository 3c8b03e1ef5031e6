// One realtime node in a process of its own, for the fan-out suite and the benchmark: the parent
// forks this file, sends {type: 'start', options} over IPC and gets {type: 'listening', port}.
// {type: 'stats'} answers with this process's memory, CPU time and connection count; {type: 'stop'} closes.
import { z } from 'zod';
import { createRedisFanout } from './fanout-redis.ts';
import { startRealtimeServer, type RealtimeServer } from './server.ts';

const command = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    options: z.object({
      app: z.object({ id: z.string(), key: z.string(), secret: z.string() }),
      port: z.number().int().default(0),
      redisUrl: z.string().optional(),
      redisPrefix: z.string().optional(),
      nodeTimeoutMs: z.number().int().positive().optional(),
      activityTimeoutSeconds: z.number().int().positive().optional(),
      pongTimeoutMs: z.number().int().positive().optional(),
      maxConnectionsPerIp: z.number().int().positive().optional(),
      webhookUrl: z.string().optional(),
      subscriptionCount: z.boolean().optional(),
    }),
  }),
  z.object({ type: z.literal('stats') }),
  z.object({ type: z.literal('stop') }),
]);
export type NodeProcessCommand = z.input<typeof command>;
export type NodeProcessReply =
  | { type: 'listening'; port: number }
  | { type: 'stats'; memory: NodeJS.MemoryUsage; cpu: NodeJS.CpuUsage; connections: number }
  | { type: 'failed'; message: string };

const reply = (message: NodeProcessReply) => process.send?.(message);
let server: RealtimeServer | undefined;

async function stop(): Promise<never> {
  await server?.close();
  process.exit(0);
}

process.on('message', (raw) => {
  const parsed = command.safeParse(raw);
  if (!parsed.success) return;
  const message = parsed.data;
  if (message.type === 'start') {
    const { app, port, redisUrl, redisPrefix, nodeTimeoutMs, activityTimeoutSeconds, pongTimeoutMs, maxConnectionsPerIp, webhookUrl, subscriptionCount } =
      message.options;
    const fanout = redisUrl ? createRedisFanout({ url: redisUrl, prefix: redisPrefix, nodeTimeoutMs }) : undefined;
    const webhooks = webhookUrl ? { url: webhookUrl, batchMs: 20, retryDelaysMs: [50, 200, 500] } : undefined;
    startRealtimeServer({ app, port, fanout, activityTimeoutSeconds, pongTimeoutMs, maxConnectionsPerIp, webhooks, subscriptionCount }).then(
      (started) => {
        server = started;
        reply({ type: 'listening', port: started.port });
      },
      (error: unknown) => reply({ type: 'failed', message: String(error) }),
    );
  } else if (message.type === 'stats') {
    // Measured after a full collection when the process runs with --expose-gc.
    globalThis.gc?.();
    reply({ type: 'stats', memory: process.memoryUsage(), cpu: process.cpuUsage(), connections: server?.connectionCount() ?? 0 });
  } else {
    void stop();
  }
});
// Without its parent there is nobody to stop it.
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());
