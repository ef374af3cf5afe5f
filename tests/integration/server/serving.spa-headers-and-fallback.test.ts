/**
 * The built SPA over real HTTP: files, the index.html fallback for client routes (never for /api or
 * /oidc), caching, brotli/gzip, security headers on every kind of response, request ids, /healthz.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#helpers/test-server';

let server: TestServer;
let staticDir: string;
const indexHtml =
  '<!doctype html><html><head><title>Investments Tracker</title></head><body><div id="root"></div></body></html>\n';
const bundle = `console.log(${JSON.stringify('investments '.repeat(400))});\n`;
const bundlePath = '/assets/index-B4x9_kQz.js';

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-site-'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(staticDir, bundlePath), bundle);
  fs.writeFileSync(path.join(staticDir, 'robots.txt'), 'User-agent: *\n');
  server = await startTestServer({ STATIC_DIR: staticDir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

function expectSecurityHeaders(response: Response) {
  const csp = response.headers.get('content-security-policy') ?? '';
  const issuerOrigin = new URL(server.url).origin;
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain(`connect-src 'self' ${issuerOrigin}`);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("img-src 'self' data:");
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain(`form-action 'self' ${issuerOrigin}`);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
}

describe('the app shell', () => {
  it('is index.html at /, revalidated on every visit, with the security headers', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(indexHtml);
    expectSecurityHeaders(response);
  });

  it('is index.html on a deep client route too, with the same headers', async () => {
    const response = await fetch(`${server.url}/dashboard/tickers/VWCE`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(indexHtml);
    expectSecurityHeaders(response);
  });

  it("is index.html on a route that names a ticker with a dot (a reload of a holding's page)", async () => {
    for (const route of ['/holdings/VWRL.AS', '/holdings/BRK.B', '/holdings/RDSA.L']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toBe(indexHtml);
    }
  });

  it('is not served for a missing file', async () => {
    for (const file of [
      '/assets/missing-AAAAAAAA.js',
      '/assets/missing',
      '/favicon.ico',
      '/missing.txt',
      '/holdings/chart.png',
    ]) {
      const response = await fetch(`${server.url}${file}`);
      expect(response.status, file).toBe(404);
      expect(await response.text()).not.toBe(indexHtml);
    }
  });

  it('is not served for unknown API routes or /oidc paths', async () => {
    // Unknown API paths are behind the sign-in like every API path: a JSON 401, never the app shell.
    const api = await fetch(`${server.url}/api/nothing-here`);
    expect(api.status).toBe(401);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
    expectSecurityHeaders(api);
    const oidc = await fetch(`${server.url}/oidc/nothing-here`);
    expect(oidc.status).toBe(404);
    expect(await oidc.text()).not.toBe(indexHtml);
    expectSecurityHeaders(oidc);
  });
});

describe('assets', () => {
  it('with a content hash are cached for a year', async () => {
    const response = await fetch(`${server.url}${bundlePath}`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(bundle);
    expectSecurityHeaders(response);
  });

  it('without a hash are revalidated', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it.each([
    ['br', 'br, gzip', (bytes: Buffer) => zlib.brotliDecompressSync(bytes)],
    ['gzip', 'gzip, deflate', (bytes: Buffer) => zlib.gunzipSync(bytes)],
  ])('come %s-compressed when the browser accepts %s', async (encoding, accept, decompress) => {
    // node's fetch would decompress by itself: read the raw bytes with http.
    const { default: http } = await import('node:http');
    const raw = await new Promise<{ headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
      http
        .get(`${server.url}${bundlePath}`, { headers: { 'accept-encoding': accept } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(raw.headers['content-encoding']).toBe(encoding);
    expect(raw.headers.vary).toBe('Accept-Encoding');
    expect(raw.bytes.length).toBeLessThan(bundle.length / 4);
    expect(decompress(raw.bytes).toString('utf8')).toBe(bundle);
  });

  it('answer 304 to a matching If-None-Match', async () => {
    const first = await fetch(`${server.url}${bundlePath}`, { headers: { 'accept-encoding': 'gzip' } });
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${server.url}${bundlePath}`, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });
});

describe('operations', () => {
  it('GET /healthz answers 200 {ok: true} after checking storage', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('keeps a sane X-Request-Id the client sent, and replaces an unsafe one', async () => {
    const kept = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'trace-42.a' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42.a');
    const replaced = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("puts the security headers on the OpenID provider's responses too", async () => {
    expectSecurityHeaders(await fetch(`${server.url}/oidc/.well-known/openid-configuration`));
  });

  // Last: it stops the server.
  it('stops gracefully on SIGTERM, exit code 0', async () => {
    await fetch(`${server.url}/healthz`);
    expect(await server.close()).toEqual({ exitCode: 0, signal: null });
  });
});
