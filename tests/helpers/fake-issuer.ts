/**
 * A stand-in for an external OpenID provider (Keycloak, Auth0…) on 127.0.0.1: it serves discovery and a
 * JWKS, nothing else; tests mint the tokens with `mintIdToken` and the keys they publish here.
 *
 *   const issuer = await startFakeIssuer();
 *   const key = await foreignSigningKey();
 *   issuer.publish([key]);
 *   const token = await mintIdToken(key, { iss: issuer.issuer, aud: 'spa', sub: 'u1' });
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SigningKey } from './id-tokens';

export interface FakeIssuer {
  /** `http://127.0.0.1:<port>/realms/test`: a path, as Keycloak's issuers have. */
  issuer: string;
  publish(keys: SigningKey[]): void;
  /** While down, every request gets a 503 (an outage of the provider). */
  setDown(down: boolean): void;
  /** How many times each path was requested. */
  requests(path: 'discovery' | 'jwks'): number;
  close(): Promise<void>;
}

export async function startFakeIssuer(): Promise<FakeIssuer> {
  let keys: SigningKey[] = [];
  const counts = { discovery: 0, jwks: 0 };
  let issuer = '';
  let down = false;
  const server = http.createServer((request, response) => {
    if (down) {
      response.writeHead(503).end();
      return;
    }
    const path = new URL(request.url ?? '/', issuer).pathname;
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/realms/test/.well-known/openid-configuration') {
      counts.discovery++;
      send({ issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs`, authorization_endpoint: `${issuer}/auth` });
    } else if (path === '/realms/test/protocol/openid-connect/certs') {
      counts.jwks++;
      send({ keys: keys.map((key) => key.publicJwk) });
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/test`;
  return {
    issuer,
    publish(next) {
      keys = next;
    },
    setDown(next) {
      down = next;
    },
    requests: (path) => counts[path],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
