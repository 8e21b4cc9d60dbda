/**
 * HTTP load with autocannon: N concurrent connections for a while; per-response latencies are
 * collected so that p50 and p95 come from every request, not a summary.
 */
import autocannon from 'autocannon';
import { percentile } from './stats.js';

export interface LoadResult {
  requests: number;
  errors: number;
  non2xx: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

export async function load(opts: {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  durationSec: number;
  /** One set of headers per connection is picked round-robin (e.g. different users' tokens). */
  headers: Record<string, string>[];
  body?: string;
  /** Each request's own headers and body (an idempotency key, the next cycle to pay). */
  next?: () => { headers?: Record<string, string>; body?: string };
  /** Each answer, with its body (which is then read whole). */
  onResponse?: (status: number, body: string) => void;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  const next = opts.next;
  const requests = opts.headers.map((headers) => ({
    method: opts.method,
    headers,
    body: opts.body,
    ...(next && {
      setupRequest: (req: autocannon.Request) => {
        const own = next();
        return { ...req, headers: { ...req.headers, ...own.headers }, body: own.body ?? req.body };
      },
    }),
    ...(opts.onResponse && { onResponse: opts.onResponse }),
  }));
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: opts.url, connections: opts.connections, duration: opts.durationSec, requests },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: result.requests.average,
  };
}
