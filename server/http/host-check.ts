/**
 * Answers only for PUBLIC_URL's host: a request naming another (`Host: evil.example`, or an
 * `X-Forwarded-Host` that differs) gets 421 Misdirected Request, so nothing built from the Host (the
 * provider's discovery document, redirects) can point elsewhere. `/healthz` and `/readyz` answer whatever
 * the Host, for load balancers and orchestrators that probe by address.
 *
 * One exception, for people: a browser asking for a page (GET or HEAD, `Accept: text/html`, outside
 * `/api` and `/oidc`) at a loopback address of this machine other than PUBLIC_URL's host
 * (`http://127.0.0.1:8080` when PUBLIC_URL is `http://localhost:8080`) is redirected to the same path
 * and query on PUBLIC_URL. The target is built from PUBLIC_URL alone, never from the Host.
 */
import type { IncomingMessage } from 'node:http';
import type { NodeHandler } from './node-frame';

const PROBE_PATHS = new Set(['/healthz', '/readyz']);
const NO_REDIRECT_PATHS = /^\/(api|oidc|signin)(\/|$)/;

/** The host as a URL of PUBLIC_URL's scheme would spell it (lower case, default port left out). */
function normalHost(protocol: string, host: string): string | undefined {
  try {
    const url = new URL(`${protocol}//${host}`);
    return url.pathname === '/' && !url.username && !url.password && !url.search ? url.host : undefined;
  } catch {
    return undefined;
  }
}

/** `localhost`, `127.x.x.x` or `[::1]`: names only this machine can be reached by. */
function isLoopback(host: string): boolean {
  const name = host.replace(/:\d+$/, '');
  return name === 'localhost' || name === '[::1]' || /^127(\.\d{1,3}){3}$/.test(name);
}

function wantsPage(request: IncomingMessage, path: string): boolean {
  const method = request.method ?? 'GET';
  const accept = String(request.headers.accept ?? '');
  return (method === 'GET' || method === 'HEAD') && accept.includes('text/html') && !NO_REDIRECT_PATHS.test(path);
}

export function hostCheck(handler: NodeHandler, publicUrl: string): NodeHandler {
  const { protocol, host: expected, origin } = new URL(publicUrl);
  return (request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const forwarded = request.headers['x-forwarded-host'];
    const hosts = [request.headers.host ?? '', ...(forwarded === undefined ? [] : [String(forwarded)])];
    const normal = hosts.map((host) => normalHost(protocol, host.trim()));
    if (PROBE_PATHS.has(path) || normal.every((host) => host === expected)) {
      handler(request, response);
      return;
    }
    response.setHeader('Cache-Control', 'no-store');
    if (normal.every((host) => host !== undefined && isLoopback(host)) && wantsPage(request, path)) {
      // Concatenated, not resolved: a request line of `//evil.example/` stays a path on PUBLIC_URL.
      const pathAndQuery = request.url?.startsWith('/') ? request.url : '/';
      response.statusCode = 302;
      response.setHeader('Location', `${origin}${pathAndQuery}`);
      response.end();
      return;
    }
    response.statusCode = 421;
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.end(JSON.stringify({ message: `This server answers for ${expected} only.` }));
  };
}
