import { timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { hashCpuMsTotal, hashQueueDepth } from './auth/hash-pool';

/** What the server reads when /metrics is scraped (gauges measured at that moment). */
export interface MetricSources {
  sockets(): number;
  outboxDepth(): Promise<number>;
  cache(): { hits: number; misses: number };
}

/**
 * Prometheus metrics (prom-client), one registry per server: calls by event and code, call latency, the hash queue,
 * sockets, limits tripped, the mail outbox, the account cache, and Node's own (event loop lag, memory, GC).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const calls = new Counter({ name: 'portal_calls_total', help: 'Calls answered, by event and reply code.', labelNames: ['event', 'code'] as const, registers: [registry] });
  const latency = new Histogram({
    name: 'portal_call_duration_seconds',
    help: 'Time from a call arriving to its reply, by event.',
    labelNames: ['event'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const limits = new Counter({ name: 'portal_limits_tripped_total', help: 'Attempts refused by a budget, by budget.', labelNames: ['policy'] as const, registers: [registry] });
  let sources: MetricSources | null = null;
  new Gauge({ name: 'portal_hash_queue_depth', help: 'Password hashes waiting for or running on the hash threads.', registers: [registry], collect() { this.set(hashQueueDepth()); } });
  new Gauge({
    name: 'portal_hash_cpu_seconds',
    help: 'CPU time of the hash threads since start: argon2id, and the little that hands tasks to them (each thread measures its own).',
    registers: [registry],
    collect() {
      this.set(hashCpuMsTotal() / 1000);
    },
  });
  new Gauge({ name: 'portal_sockets', help: 'Open socket.io connections on this instance.', registers: [registry], collect() { this.set(sources?.sockets() ?? 0); } });
  new Gauge({
    name: 'portal_mail_outbox_depth',
    help: 'Messages in the outbox not delivered yet (still valid).',
    registers: [registry],
    async collect() {
      this.set((await sources?.outboxDepth().catch(() => -1)) ?? 0);
    },
  });
  new Gauge({
    name: 'portal_account_cache_hits_ratio',
    help: 'Share of session, user and membership reads served from memory since start.',
    registers: [registry],
    collect() {
      const counts = sources?.cache() ?? { hits: 0, misses: 0 };
      this.set(counts.hits + counts.misses === 0 ? 0 : counts.hits / (counts.hits + counts.misses));
    },
  });
  return {
    registry,
    observeCall(event: string, code: number, ms: number) {
      calls.inc({ event, code: String(code) });
      latency.observe({ event }, ms / 1000);
    },
    limitTripped(policy: string) {
      limits.inc({ policy });
    },
    setSources(next: MetricSources) {
      sources = next;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * GET /metrics: with METRICS_TOKEN, for a request carrying it as a bearer token; without, only for a scraper on this
 * machine (the socket's own peer address, never a forwarded one). Anyone else gets 404, as if there were none.
 */
export function metricsRoute(metrics: Metrics, token: string | null) {
  return async (req: Request, res: Response) => {
    const allowed = token
      ? (() => {
          const given = Buffer.from(req.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '');
          const expected = Buffer.from(token);
          return given.length === expected.length && timingSafeEqual(given, expected);
        })()
      : LOOPBACK.has(req.socket.remoteAddress ?? '');
    if (!allowed) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.set('Cache-Control', 'no-store').type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };
}
