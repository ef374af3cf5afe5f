/**
 * Stopping without dropping work: once `drain()` is called, a request that arrives (on a connection kept
 * alive) is refused with 503 and the connection closed, while the requests already in flight run to the
 * end, each answered with `Connection: close` so no client sends another one on it.
 */
import type { ServerResponse } from 'node:http';
import type { NodeHandler } from './node-frame';

export interface DrainGate {
  handler: NodeHandler;
  drain(): void;
}

export function drainGate(handler: NodeHandler): DrainGate {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  return {
    handler(request, response) {
      if (draining) {
        response.writeHead(503, { 'Content-Type': 'application/json', Connection: 'close', 'Retry-After': '5' });
        response.end(JSON.stringify({ message: 'The server is stopping; try again.' }));
        return;
      }
      inFlight.add(response);
      response.once('close', () => inFlight.delete(response));
      handler(request, response);
    },
    drain() {
      draining = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
    },
  };
}
