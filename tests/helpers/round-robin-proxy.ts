/**
 * A round-robin HTTP proxy in front of several instances, as an operator's load balancer would run
 * (nginx's default `proxy_next_upstream error`): each request goes to the next instance in turn; one
 * whose connection is refused (the instance is down, nothing was sent) goes to the next one instead. A
 * request whose instance dies after it was sent is answered 502: its outcome is unknown to the client.
 *
 *   const proxy = await startRoundRobinProxy();
 *   proxy.setTargets([a.url, b.url]);     // again after an instance restarted on another port
 *   proxy.answeredBy                      // per instance URL: requests it answered
 *
 * The body is read whole before it is forwarded (so it can go to another instance); headers go as they
 * came (Host kept: every instance sees the public host).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  setTargets(targets: string[]): void;
  readonly answeredBy: Map<string, number>;
  close(): Promise<void>;
}

/** A fresh connection per request: a pooled socket of a killed instance would fail the next request. */
const agent = new http.Agent({ keepAlive: false });

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let targets: string[] = [];
  let next = 0;
  const answeredBy = new Map<string, number>();

  const forward = (request: http.IncomingMessage, body: Buffer, response: http.ServerResponse, tried: number) => {
    const target = targets[next++ % Math.max(targets.length, 1)];
    if (!target || tried >= targets.length) {
      response
        .writeHead(502, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: 'No instance answers' }));
      return;
    }
    const { hostname, port } = new URL(target);
    const upstream = http.request(
      { hostname, port, method: request.method, path: request.url, headers: request.headers, agent },
      (answer) => {
        answeredBy.set(target, (answeredBy.get(target) ?? 0) + 1);
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.on('error', () => response.destroy());
        answer.on('aborted', () => response.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // Refused: the instance is down and got nothing, so the next one may take the request.
      if (error.code === 'ECONNREFUSED' && !response.headersSent) return forward(request, body, response, tried + 1);
      if (!response.headersSent)
        response
          .writeHead(502, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: `The instance failed: ${error.message}` }));
      else response.destroy();
    });
    upstream.end(body);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, Buffer.concat(chunks), response, 0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setTargets(list) {
      targets = [...list];
    },
    answeredBy,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
