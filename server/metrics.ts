// Prometheus metrics for operators (issue 35 §4, docs/operations.md "What to watch"), from prom-client. Per node: request
// rates and latencies by route pattern (never the raw path: bounded labels, no personal data), the database pool's
// connections and waiting queries, realtime connections, the process (event-loop lag, memory, CPU). Per deployment,
// read when scraped: ledger journals written, the scheduled jobs' last runs, open compliance alerts.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type PoolStats = { total: number; idle: number; waiting: number };

/** What the metrics read when scraped; each source is optional (a test app has no realtime server). */
export type MetricSources = {
  pool?: () => PoolStats | undefined;
  realtimeConnections?: () => number;
  /** Journals written to the ledger (ids drawn from their sequence), by every node. */
  ledgerJournals?: () => Promise<number>;
  /** Each scheduled job's last run: its status and when it finished. */
  jobRuns?: () => Promise<{ job: string; status: string; finishedAt: Date; durationMs: number }[]>;
  /** Open compliance alerts by kind. */
  openAlerts?: () => Promise<{ kind: string; count: number }[]>;
};

export type Metrics = ReturnType<typeof createMetrics>;

/** `processMetrics`: event-loop lag, memory, CPU and GC of this process (observers that run all the time: only when scraped). */
export function createMetrics({ processMetrics }: { processMetrics: boolean }) {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: 'croupier_' });
  const sources: MetricSources = {};

  const requests = new Counter({
    name: 'croupier_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'croupier_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'croupier_db_pool_connections',
    help: 'Database pool connections on this node, by state (idle, busy, and queries waiting for one).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = sources.pool?.();
      if (!stats) return;
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'busy' }, stats.total - stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'croupier_realtime_connections',
    help: 'Open realtime (Pusher protocol) connections on this node.',
    registers: [registry],
    collect() {
      if (sources.realtimeConnections) this.set(sources.realtimeConnections());
    },
  });
  new Gauge({
    name: 'croupier_ledger_journals_written',
    help: 'Ledger journals (money transfers) written by the deployment (ids drawn from their sequence); rate() it.',
    registers: [registry],
    async collect() {
      if (sources.ledgerJournals) this.set(await sources.ledgerJournals());
    },
  });
  const jobLastRun = new Gauge({
    name: 'croupier_job_last_run_timestamp_seconds',
    help: "Each scheduled job's last run: when it finished, labelled with its status.",
    labelNames: ['job', 'status'] as const,
    registers: [registry],
  });
  const jobDuration = new Gauge({
    name: 'croupier_job_last_run_duration_seconds',
    help: "Each scheduled job's last run: how long it took.",
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      if (!sources.jobRuns) return;
      jobLastRun.reset();
      for (const run of await sources.jobRuns()) {
        jobLastRun.set({ job: run.job, status: run.status }, run.finishedAt.getTime() / 1000);
        this.set({ job: run.job }, run.durationMs / 1000);
      }
    },
  });
  void jobDuration;
  new Gauge({
    name: 'croupier_compliance_open_alerts',
    help: 'Compliance alerts not yet closed, by kind (aml, rg, linked, sanctions).',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      if (!sources.openAlerts) return;
      this.reset();
      for (const { kind, count } of await sources.openAlerts()) this.set({ kind }, count);
    },
  });

  return {
    registry,
    /** Adds or replaces what the scrape-time metrics read. */
    read(more: MetricSources) {
      Object.assign(sources, more);
    },
    observe(method: string, route: string, statusCode: number, seconds: number) {
      requests.inc({ method, route, status: `${Math.floor(statusCode / 100)}xx` });
      latency.observe({ method, route }, seconds);
    },
  };
}

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * With METRICS_TOKEN set: counts every answer, and serves `GET /metrics` to a scraper presenting
 * `Authorization: Bearer <METRICS_TOKEN>`. Without it nothing is counted and the endpoint does not exist (404).
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  // Nothing is counted where nothing is scraped: requests pay for metrics only when an operator asked for them.
  if (!token) return;
  app.addHook('onResponse', async (request, reply) => {
    metrics.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (request, reply) => {
    const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!same(presented, token)) return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthenticated.' });
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
}
