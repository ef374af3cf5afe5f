/**
 * Answers only for PUBLIC_URL's host: a request naming another (`Host: evil.example`, or an
 * `X-Forwarded-Host` that differs) gets 421 Misdirected Request, so nothing built from the Host (the
 * provider's discovery document, redirects) can point elsewhere. `/healthz` and `/readyz` answer whatever
 * the Host, for load balancers and orchestrators that probe by address.
 */
import type { NodeHandler } from './node-frame';

const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/** The host as a URL of PUBLIC_URL's scheme would spell it (lower case, default port left out). */
function normalHost(protocol: string, host: string): string | undefined {
  try {
    const url = new URL(`${protocol}//${host}`);
    return url.pathname === '/' && !url.username && !url.password && !url.search ? url.host : undefined;
  } catch {
    return undefined;
  }
}

export function hostCheck(handler: NodeHandler, publicUrl: string): NodeHandler {
  const { protocol, host: expected } = new URL(publicUrl);
  return (request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const forwarded = request.headers['x-forwarded-host'];
    const hosts = [request.headers.host ?? '', ...(forwarded === undefined ? [] : [String(forwarded)])];
    if (PROBE_PATHS.has(path) || hosts.every((host) => normalHost(protocol, host.trim()) === expected)) {
      handler(request, response);
      return;
    }
    response.statusCode = 421;
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Cache-Control', 'no-store');
    response.end(JSON.stringify({ message: `This server answers for ${expected} only.` }));
  };
}
