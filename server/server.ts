/**
 * Starts the one HTTP server: `/oidc/*` goes to the built-in OpenID provider (oidc-provider, a Koa app,
 * mounted the way connect/express mount it), everything else to the Hono app, or in dev to Vite first.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApp, type AuthSettings } from './app';
import { createLocalVerifier, createRemoteVerifier, type IdTokenVerifier } from './auth/id-token-verifier';
import type { ServerConfig } from './config';
import { drainGate } from './http/drain';
import { withFrame, type NodeHandler } from './http/node-frame';
import { hostCheck } from './http/host-check';
import { securityHeaders } from './http/security-headers';
import { applyServerLimits } from './http/server-limits';
import { loadStaticSite } from './http/static-site';
import { createLog } from './log';
import { BUILT_IN_SCOPE, OIDC_MOUNT_PATH } from './oidc/built-in-provider';
import { DEMO_PASSWORD, DEMO_USERNAME, removeDemoAccount, resetDemoAccount } from './oidc/demo-account';
import { scheduleDemoResets } from './oidc/demo-resets';
import { startLiveProvider } from './oidc/live-provider';
import { createSignInLimits } from './oidc/sign-in-limits';
import { signInRoutes } from './oidc/sign-in-routes';
import { openStorage } from './storage/open-storage';
import { makePrivateDirectory } from './storage/private-files';

/** The SPA in dev: Vite in middleware mode. Connect-style: `next()` when it has nothing for the request. */
export interface Frontend {
  handle(request: http.IncomingMessage, response: http.ServerResponse, next: () => void): void;
  close(): Promise<void>;
}

export interface StartServerOptions {
  /** Given the HTTP server (so Vite's HMR websocket shares its port); replaces STATIC_DIR serving. */
  createFrontend?: (server: http.Server) => Promise<Frontend>;
}

export interface RunningServer {
  /** Where the server listens, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** The origin the browser uses (PUBLIC_URL). */
  publicUrl: string;
  issuer: string;
  /** The demo account's sign-in, with the built-in provider. */
  demo: { username: string; password: string } | undefined;
  close(): Promise<void>;
}

const EXTERNAL_SCOPE = 'openid profile email offline_access';
const PURGE_INTERVAL_MS = 15 * 60 * 1000;
const CLOSE_GRACE_MS = 5000;
const BACKEND_PATHS = /^\/(api|signin|oidc|healthz|readyz)(\/|$)/;

export async function startServer(config: ServerConfig, options: StartServerOptions = {}): Promise<RunningServer> {
  const log = createLog(config.logLevel);
  makePrivateDirectory(config.dataDir);
  const storage = await openStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });

  // Listen first (answering 503 for the moment) so that PORT=0 yields the port PUBLIC_URL defaults to.
  let handler: NodeHandler = (_request, response) => {
    response.statusCode = 503;
    response.end('Starting');
  };
  // Checks request timeouts every second (Node's default, 30 s, would let a slow upload run 30 s over).
  const server = http.createServer({ connectionsCheckingInterval: 1000 }, (request, response) =>
    handler(request, response),
  );
  let frameHeaders: Record<string, string> = {};
  applyServerLimits(server, () => frameHeaders);
  const cleanups: Array<() => Promise<void> | void> = [() => storage.close()];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };

  try {
    const address = await listen(server, config.port, config.host);
    const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    const publicUrl = config.publicUrl ?? `http://localhost:${address.port}`;
    cleanups.push(() => closeServer(server));

    let auth: AuthSettings;
    let verifier: IdTokenVerifier;
    let oidcCallback: NodeHandler | undefined;
    let signIn: ReturnType<typeof signInRoutes> | undefined;
    let demo: RunningServer['demo'];
    if (config.oidc.kind === 'external') {
      auth = { issuer: config.oidc.issuer, clientId: config.oidc.clientId, scope: EXTERNAL_SCOPE };
      verifier = createRemoteVerifier({ issuer: auth.issuer, clientId: auth.clientId });
    } else {
      const builtIn = await startLiveProvider({ publicUrl, storage, dataDir: config.dataDir, log });
      cleanups.push(() => builtIn.stop());
      auth = { issuer: builtIn.issuer, clientId: builtIn.clientId, scope: BUILT_IN_SCOPE };
      verifier = createLocalVerifier({ ...auth, keys: builtIn.verifierKeys });
      if (config.demoAccount) {
        const outcome = await resetDemoAccount(storage, config.demoPortfolioFile, log);
        log.info('demo account', { username: DEMO_USERNAME, outcome });
        demo = { username: DEMO_USERNAME, password: DEMO_PASSWORD };
        cleanups.push(
          scheduleDemoResets(
            () => resetDemoAccount(storage, config.demoPortfolioFile, log),
            config.demoResetIntervalMs,
            log,
          ),
        );
      } else if (await removeDemoAccount(storage)) {
        log.info('demo account removed (DEMO_ACCOUNT=off)', {});
      }
      signIn = signInRoutes({
        provider: builtIn.provider,
        accounts: storage.accounts,
        publicUrl,
        demo,
        limits: createSignInLimits(Date.now, config.accountCreationsPerHour),
      });
      oidcCallback = (request, response) => {
        // As connect/express mount it: the provider reads its mount path from originalUrl minus url.
        const originalUrl = request.url ?? '/';
        const rest = originalUrl.slice(OIDC_MOUNT_PATH.length);
        Object.assign(request, { originalUrl });
        request.url = rest.startsWith('/') ? rest : `/${rest}`;
        void builtIn.callback()(request, response);
      };
      const purge = setInterval(() => {
        storage.oidc
          .deleteExpired()
          .catch((error: unknown) => log.error('purging expired sign-in data failed', { error }));
      }, PURGE_INTERVAL_MS);
      purge.unref();
      cleanups.push(() => clearInterval(purge));
    }

    const frontend = options.createFrontend ? await options.createFrontend(server) : undefined;
    if (frontend) cleanups.push(() => frontend.close());
    const app = await createApp({
      storage,
      verifier,
      auth,
      quotes: config.quotes,
      signIn,
      site: frontend ? undefined : loadStaticSite(config.staticDir, log),
      log,
    });
    const hono = getRequestListener(app.fetch);

    const route: NodeHandler = (request, response) => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      if (oidcCallback && (path === OIDC_MOUNT_PATH || path.startsWith(`${OIDC_MOUNT_PATH}/`))) {
        oidcCallback(request, response);
      } else if (frontend && !BACKEND_PATHS.test(path)) {
        frontend.handle(request, response, () => void hono(request, response));
      } else {
        void hono(request, response);
      }
    };
    // On close: refuse what comes next, finish what is in flight, then close the storage (cleanups).
    const gate = drainGate(route);
    frameHeaders = securityHeaders({
      issuerOrigin: new URL(auth.issuer).origin,
      dev: frontend !== undefined,
      https: publicUrl.startsWith('https:'),
    });
    handler = withFrame(hostCheck(gate.handler, publicUrl), {
      log,
      headers: frameHeaders,
      secureCookies: publicUrl.startsWith('https:'),
    });
    log.info('server started', { url, publicUrl, issuer: auth.issuer, storage: storage.kind });

    let closing: Promise<void> | undefined;
    return {
      url,
      publicUrl,
      issuer: auth.issuer,
      demo,
      close: () => {
        gate.drain();
        return (closing ??= cleanUp());
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

function listen(server: http.Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Stops accepting, lets requests in flight finish (up to a grace period), then drops what is left. */
function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
