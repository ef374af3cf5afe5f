/**
 * A load balancer in front of several test servers, as a real deployment has one: every instance gets
 * the balancer's URL as its PUBLIC_URL (one issuer for all), and the test says where requests go:
 *
 *   const lb = await startLoadBalancer();
 *   const a = await startTestServer({ PUBLIC_URL: lb.url, DATABASE_URL });
 *   lb.route(a.url);              // everything to A
 *   lb.alternate([a.url, b.url]); // A, B, A, B… request by request
 *   lb.served                     // which instance answered each request, in order
 *
 * It forwards method, path, headers and body unchanged (Host kept: the instances see the public host).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoadBalancer {
  url: string;
  route(target: string): void;
  alternate(targets: string[]): void;
  /** The instance URL each request went to, in order. */
  readonly served: string[];
  close(): Promise<void>;
}

export async function startLoadBalancer(): Promise<LoadBalancer> {
  let targets: string[] = [];
  let next = 0;
  const served: string[] = [];
  const server = http.createServer((request, response) => {
    const target = targets[next++ % Math.max(targets.length, 1)];
    if (!target) {
      response.writeHead(502).end('No instance');
      return;
    }
    served.push(target);
    const { hostname, port } = new URL(target);
    const upstream = http.request(
      { hostname, port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502);
      response.end(`Upstream failed: ${error.message}`);
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    route(target) {
      targets = [target];
      next = 0;
    },
    alternate(list) {
      targets = [...list];
      next = 0;
    },
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
