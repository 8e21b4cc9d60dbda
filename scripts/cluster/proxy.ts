/**
 * The cluster's round-robin proxy, on Node's own `http` and `net`: each request and each WebSocket
 * upgrade (the realtime hub) goes to the next instance in turn. An instance that refuses the
 * connection (stopped, or restarting) is skipped and the next one is tried, so a restart costs a
 * client nothing but its own retry of the connections it had. Hand-written because it is this small:
 * a proxy library would bring retries and balancing we would still have to shape to this rule.
 *
 * Request bodies are read whole before they are sent, so a request can be offered to the next
 * instance after a refusal: the API's bodies are small (the server caps them).
 */
import http from 'node:http';
import net from 'node:net';

export interface Upstream {
  host: string;
  port: number;
}

export interface RoundRobinProxy {
  port: number;
  /** How many requests and upgrades each upstream took (by index), to see the rotation. */
  served(): number[];
  /** The WebSocket connections open through the proxy, per upstream (by index). */
  openUpgrades(): number[];
  close(): Promise<void>;
}

/** Requests larger than this are refused: the server's own cap is lower. */
const MAX_BODY = 16 * 1024 * 1024;

// Hop-by-hop headers (RFC 9110 §7.6.1) are the proxy's own on each side.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export async function startProxy(opts: {
  upstreams: () => readonly Upstream[];
  port: number;
  host?: string;
}): Promise<RoundRobinProxy> {
  const host = opts.host ?? '127.0.0.1';
  let next = 0;
  const counts: number[] = [];
  const open: number[] = [];
  // Keep-alive to the instances, as a load balancer would: a new connection per request would
  // measure the proxy's handshakes more than the instances.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  /** The upstreams in the order this request tries them: from the next in turn, each once. */
  function order(): { upstream: Upstream; index: number }[] {
    const all = opts.upstreams();
    const start = next++ % Math.max(1, all.length);
    return all.map((_, i) => {
      const index = (start + i) % all.length;
      return { upstream: all[index]!, index };
    });
  }

  const isRefused = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';

  const fail = (res: http.ServerResponse, status: number, message: string) => {
    if (res.headersSent) return res.destroy();
    res
      .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify({ code: status === 503 ? 'UNAVAILABLE' : 'BAD_GATEWAY', message }));
  };

  const forwardedHeaders = (req: http.IncomingMessage) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    const from = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = req.headers['x-forwarded-for']
      ? `${req.headers['x-forwarded-for']}, ${from}`
      : from;
    headers['x-forwarded-proto'] = 'http';
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    return headers;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        fail(res, 413, 'The request is too large.');
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = forwardedHeaders(req);
      if (body.length > 0 || req.headers['content-length'] !== undefined) {
        headers['content-length'] = String(body.length);
      }
      const attempts = order();
      const retriable =
        ['GET', 'HEAD', 'OPTIONS'].includes(req.method ?? '') || req.headers['idempotency-key'] !== undefined;
      const attempt = (i: number) => {
        const target = attempts[i];
        if (!target) return fail(res, 503, 'No Chairside instance is answering.');
        const upstream = http.request(
          {
            host: target.upstream.host,
            port: target.upstream.port,
            method: req.method,
            path: req.url,
            headers,
            agent,
          },
          (answer) => {
            counts[target.index] = (counts[target.index] ?? 0) + 1;
            const out: http.OutgoingHttpHeaders = {};
            for (const [name, value] of Object.entries(answer.headers)) {
              if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
            }
            res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
            answer.pipe(res);
            answer.on('error', () => res.destroy());
          },
        );
        upstream.on('error', (error) => {
          // Refused means nothing reached the instance: the next one may take the request.
          if (isRefused(error)) return attempt(i + 1);
          // A kept-alive connection the instance had closed (it stopped) fails before any answer.
          // The request may have reached an instance killed while running it, so it is sent again
          // only when running it twice is harmless: a read, or a write with its idempotency key.
          if (upstream.reusedSocket && !res.headersSent && retriable) return attempt(i + 1);
          fail(res, 502, 'The Chairside instance stopped answering.');
        });
        upstream.end(body);
      };
      attempt(0);
    });
    res.on('close', () => {
      if (!res.writableFinished) req.destroy();
    });
  });

  // WebSocket (the hub): the upgrade request is written to the instance as it came, then the two
  // sockets are joined; the instance answers the handshake itself.
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const attempts = order();
    client.on('error', () => undefined);
    const attempt = (i: number) => {
      const target = attempts[i];
      if (!target) {
        client.end('HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      const upstream = net.connect(target.upstream.port, target.upstream.host);
      upstream.once('error', (error) => {
        if (isRefused(error)) return attempt(i + 1);
        client.destroy();
      });
      upstream.once('connect', () => {
        counts[target.index] = (counts[target.index] ?? 0) + 1;
        open[target.index] = (open[target.index] ?? 0) + 1;
        upstream.once('close', () => void (open[target.index]! -= 1));
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let k = 0; k < req.rawHeaders.length; k += 2) {
          lines.push(`${req.rawHeaders[k]}: ${req.rawHeaders[k + 1]}`);
        }
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
        // Either side closing closes the other: a killed instance drops its clients at once.
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
    };
    attempt(0);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('upgrade', (_req, s: net.Socket) => sockets.add(s));

  return {
    port,
    served: () => opts.upstreams().map((_, i) => counts[i] ?? 0),
    openUpgrades: () => opts.upstreams().map((_, i) => open[i] ?? 0),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      agent.destroy();
    },
  };
}
