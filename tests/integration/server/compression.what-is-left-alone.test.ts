/**
 * The compression middleware's rules over real HTTP, on a small Hono app served by @hono/node-server as
 * the product's server serves its own (routes the product does not have: 204, 304, an answer already
 * encoded, `no-transform`, an image, bodies around the threshold, a body that is itself a stream).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '#server/http/app-env';
import { compressAnswers, MIN_COMPRESS_BYTES } from '#server/http/compress-answers';

const json = (bytes: number) => JSON.stringify({ text: 'x'.repeat(bytes - 11) });

function buildApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', compressAnswers());
  app.get('/below', (c) => c.body(json(MIN_COMPRESS_BYTES - 1), 200, { 'Content-Type': 'application/json' }));
  app.get('/at', (c) => c.body(json(MIN_COMPRESS_BYTES), 200, { 'Content-Type': 'application/json' }));
  app.get('/large', (c) => c.json({ rows: Array.from({ length: 5000 }, (_, i) => ({ i, name: `row ${i}` })) }));
  app.get('/no-content', (c) => c.body(null, 204));
  app.get('/not-modified', (c) => c.body(null, 304, { ETag: '"a"' }));
  app.get('/encoded', (c) =>
    c.body(new Uint8Array(zlib.gzipSync(json(5000))), 200, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    }),
  );
  app.get('/no-transform', (c) =>
    c.body(json(5000), 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-transform' }),
  );
  app.get('/image', (c) => c.body(new Uint8Array(5000), 200, { 'Content-Type': 'image/png' }));
  app.get('/csv', (c) =>
    c.body('a,b\n'.repeat(2000), 200, { 'Content-Type': 'text/csv; charset=utf-8', Vary: 'Origin' }),
  );
  app.get('/stream', () => {
    const encoder = new TextEncoder();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 20) return controller.close();
        controller.enqueue(
          encoder.encode(
            `${sent === 0 ? '[' : ','}${JSON.stringify({ piece: sent, pad: 'y'.repeat(500) })}${sent === 19 ? ']' : ''}`,
          ),
        );
        sent += 1;
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'application/json' } });
  });
  return app;
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, acceptEncoding = 'br, gzip', method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, agent: false, headers: { 'Accept-Encoding': acceptEncoding } },
      (response) => {
        const pieces: Buffer[] = [];
        response.on('data', (piece: Buffer) => pieces.push(piece));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(pieces) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('what the compression leaves alone', () => {
  let server: ServerType;
  let base: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: buildApp().fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it(`compresses from ${MIN_COMPRESS_BYTES} bytes, not below`, async () => {
    const below = await get(`${base}/below`);
    expect(below.headers['content-encoding']).toBeUndefined();
    expect(below.headers['content-length']).toBe(String(MIN_COMPRESS_BYTES - 1));
    expect(below.body.toString()).toBe(json(MIN_COMPRESS_BYTES - 1));
    const at = await get(`${base}/at`);
    expect(at.headers['content-encoding']).toBe('br');
    // Compressed whole (it is far below ONE_SHOT_MAX_BYTES): the compressed length is known.
    expect(at.headers['content-length']).toBe(String(at.body.length));
    expect(zlib.brotliDecompressSync(at.body).toString()).toBe(json(MIN_COMPRESS_BYTES));
  });

  it('sends no encoding with 204 and 304, nor with HEAD', async () => {
    for (const path of ['/no-content', '/not-modified']) {
      const answer = await get(`${base}${path}`);
      expect(answer.headers['content-encoding'], path).toBeUndefined();
      expect(answer.body.length, path).toBe(0);
    }
    const head = await get(`${base}/large`, 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('leaves an answer already encoded, one marked no-transform and an image as they are', async () => {
    const encoded = await get(`${base}/encoded`);
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(encoded.body).toString()).toBe(json(5000));
    const noTransform = await get(`${base}/no-transform`);
    expect(noTransform.headers['content-encoding']).toBeUndefined();
    expect(noTransform.body.toString()).toBe(json(5000));
    const image = await get(`${base}/image`);
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.body.length).toBe(5000);
  });

  it('compresses text too, adding Accept-Encoding to the Vary it had', async () => {
    const csv = await get(`${base}/csv`, 'gzip');
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(csv.headers.vary).toBe('Origin, Accept-Encoding');
    expect(zlib.gunzipSync(csv.body).toString()).toBe('a,b\n'.repeat(2000));
  });

  it('compresses a body that is itself a stream, and one from c.json, to the same bytes', async () => {
    const plain = await get(`${base}/stream`, 'identity');
    const compressed = await get(`${base}/stream`, 'br');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.body).equals(plain.body)).toBe(true);
    expect((JSON.parse(plain.body.toString()) as unknown[]).length).toBe(20);
    const large = await get(`${base}/large`, 'gzip');
    const largePlain = await get(`${base}/large`, '');
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(largePlain.headers['content-encoding']).toBeUndefined();
    expect(zlib.gunzipSync(large.body).equals(largePlain.body)).toBe(true);
  });
});
