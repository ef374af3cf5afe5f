/**
 * The server's own address over real HTTP: a browser asking for a page at a loopback name other than
 * PUBLIC_URL's host is sent to PUBLIC_URL (same path and query); the API, the provider, scripts and
 * foreign hosts still get 421 Misdirected Request. The test server's PUBLIC_URL is
 * `http://127.0.0.1:<port>`, so `localhost:<port>` and `127.0.0.2:<port>` are the other loopback names.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#helpers/test-server';

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer();
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
}

/** A raw request to the server's socket with the Host and headers given (fetch would not send a Host). */
function ask(method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const PAGE = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('a page asked for at another loopback name', () => {
  it('is redirected to the same path and query on PUBLIC_URL', async () => {
    const answer = await ask('GET', '/holdings?view=all', { Host: `localhost:${port}`, Accept: PAGE });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${server.url}/holdings?view=all`);
  });

  it('is redirected for HEAD and for 127.0.0.2 too', async () => {
    const answer = await ask('HEAD', '/', { Host: `127.0.0.2:${port}`, Accept: PAGE });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${server.url}/`);
  });

  it('keeps a request line of //host as a path on PUBLIC_URL, never another site', async () => {
    const answer = await ask('GET', '//evil.example/x', { Host: `localhost:${port}`, Accept: PAGE });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${server.url}//evil.example/x`);
  });

  it('at PUBLIC_URL itself is served, not redirected', async () => {
    const answer = await ask('GET', '/healthz', { Host: new URL(server.url).host, Accept: PAGE });
    expect(answer.status).toBe(200);
  });
});

describe('still 421 Misdirected Request', () => {
  it('for the API at a loopback name, even asked as a page', async () => {
    const answer = await ask('GET', '/api/config', { Host: `localhost:${port}`, Accept: PAGE });
    expect(answer.status).toBe(421);
    expect(JSON.parse(answer.body)).toEqual({ message: `This server answers for 127.0.0.1:${port} only.` });
  });

  it('for the OpenID provider at a loopback name', async () => {
    const answer = await ask('GET', '/oidc/.well-known/openid-configuration', {
      Host: `localhost:${port}`,
      Accept: PAGE,
    });
    expect(answer.status).toBe(421);
  });

  it('for a request that does not ask for HTML (a script, curl)', async () => {
    const answer = await ask('GET', '/', { Host: `localhost:${port}`, Accept: '*/*' });
    expect(answer.status).toBe(421);
  });

  it('for a write, even to a page path', async () => {
    const answer = await ask('POST', '/', { Host: `localhost:${port}`, Accept: PAGE });
    expect(answer.status).toBe(421);
  });

  it('for a foreign host', async () => {
    const answer = await ask('GET', '/', { Host: 'evil.example', Accept: PAGE });
    expect(answer.status).toBe(421);
  });

  it('for a loopback Host forwarded for a foreign one', async () => {
    const answer = await ask('GET', '/', {
      Host: `localhost:${port}`,
      'X-Forwarded-Host': 'evil.example',
      Accept: PAGE,
    });
    expect(answer.status).toBe(421);
  });
});
