/**
 * For tests only: a TCP proxy in front of a test server that can cut every connection and then
 * refuse new ones, as a network drop or a server gone away looks to a client. It notes when each
 * refused attempt came, so tests can measure the retry interval.
 */
import net from 'node:net';

export interface TestProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  /** When each connection refused while down arrived (ms since the epoch). */
  refusedAt: number[];
  goDown(): void;
  comeBack(): void;
  close(): Promise<void>;
}

export async function startProxy(targetUrl: string): Promise<TestProxy> {
  const target = new URL(targetUrl);
  let down = false;
  const refusedAt: number[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    if (down) {
      refusedAt.push(Date.now());
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port), '127.0.0.1');
    const cut = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', cut).on('close', cut);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    refusedAt,
    goDown() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    comeBack() {
      down = false;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
