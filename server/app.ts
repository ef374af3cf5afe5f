/**
 * The Hono app: `/api/config` (public), `/api/transactions`, `/api/quotes`, `/api/symbols`,
 * `/api/settings`, `/api/csv-mappings` and `/api/account` (ID token required), the built-in provider's sign-in pages, `/healthz` and `/readyz`, and
 * the built SPA for everything else.
 * `/oidc/*` never reaches it: `server.ts` hands those requests to oidc-provider.
 * Each domain's routes live beside it (`transactions/`, `quotes/`, `symbols/`, `settings/`,
 * `csv-mappings/`, `account/`); `http/` holds only what crosses domains (middleware, static site).
 */
import { Hono } from 'hono';
import type { IdTokenVerifier } from './auth/id-token-verifier';
import type { ServerConfig } from './config';
import { accountRoutes } from './account/account-routes';
import type { AppEnv } from './http/app-env';
import { requireUser } from './http/auth-middleware';
import { boundedJsonBodies } from './http/body-limits';
import { closeAfterUnreadBody } from './http/close-after-unread-body';
import { compressAnswers } from './http/compress-answers';
import { createCompressedAnswerCache } from './http/compressed-answer-cache';
import { refuseDeletedAccounts } from './http/deleted-account-guard';
import { noStoreApiAnswers } from './http/no-store';
import { requestContext } from './http/request-context';
import { csvMappingRoutes } from './csv-mappings/csv-mapping-routes';
import { settingsRoutes } from './settings/settings-routes';
import { serveStaticSite, type StaticSite } from './http/static-site';
import { transactionsRoutes } from './transactions/transactions-routes';
import { xsrfGuard } from './http/xsrf-guard';
import type { Log } from './log';
import { createQuotesRoutes, createQuotesService } from './quotes/index';
import type { AuthConfig } from '../src/model/auth-config';
import type { Storage } from './storage/types';
import { createSymbolsRoutes, createSymbolsService } from './symbols/index';

/** What `GET /api/config` tells the SPA, which is built once and learns its provider at run time. */
export type AuthSettings = AuthConfig;

export interface AppOptions {
  storage: Storage;
  verifier: IdTokenVerifier;
  auth: AuthSettings;
  quotes: ServerConfig['quotes'];
  /** The built-in provider's sign-in pages; absent with an external provider. */
  signIn: Hono<AppEnv> | undefined;
  site: StaticSite | undefined;
  log: Log;
}

const READY_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function createApp(options: AppOptions): Promise<Hono<AppEnv>> {
  const { storage, log } = options;
  const app = new Hono<AppEnv>();

  const quotesService = createQuotesService({
    provider: options.quotes.provider,
    marketDataDir: options.quotes.marketDataDir,
    yahooBaseUrl: options.quotes.yahooBaseUrl,
    cache: storage.quotes,
    limits: storage.upstreamLimits,
    tuning: { outageMs: options.quotes.outageMs },
    log: ({ event, level, ...fields }) => {
      // Each quotes event says how much it matters: a served upstream call is info, a fallback warn.
      const write = level === 'error' ? log.error : level === 'info' ? log.info : log.warn;
      write(String(event ?? 'quotes'), fields);
    },
  });

  const symbolsService = createSymbolsService({
    provider: options.quotes.provider,
    searchDir: options.quotes.symbolSearchDir,
    yahooBaseUrl: options.quotes.yahooBaseUrl,
    store: storage.symbols,
    limits: storage.upstreamLimits,
    tuning: { outageMs: options.quotes.outageMs },
    log: ({ event, level, ...fields }) => {
      const write = level === 'error' ? log.error : level === 'info' ? log.info : log.warn;
      write(String(event ?? 'symbols'), fields);
    },
  });

  app.use('*', closeAfterUnreadBody());
  const compressedAnswers = createCompressedAnswerCache();
  app.use('/api/*', compressAnswers(compressedAnswers));
  app.use('/api/*', xsrfGuard());
  app.get('/api/config', (c) => c.json(options.auth));
  const authenticate = requireUser(options.verifier);
  app.use('/api/*', noStoreApiAnswers());
  app.use('/api/*', (c, next) => (c.req.path === '/api/config' ? next() : authenticate(c, next)));
  app.use('/api/*', refuseDeletedAccounts(storage.deletedAccounts, log));
  app.use('/api/*', boundedJsonBodies());
  app.route('/api/transactions', transactionsRoutes(storage.transactions, log));
  app.route('/api/quotes', createQuotesRoutes(quotesService));
  app.route(
    '/api/account',
    accountRoutes(storage, log, (sub) => compressedAnswers.forget(sub)),
  );
  app.route('/api/settings', settingsRoutes(storage.settings, log));
  app.route('/api/csv-mappings', csvMappingRoutes(storage.csvMappings, log));
  app.route('/api/symbols', createSymbolsRoutes(symbolsService, storage.symbols, log));
  app.all('/api/*', (c) => c.json({ message: `No such API: ${c.req.method} ${c.req.path}` }, 404));

  if (options.signIn) app.route('/', options.signIn);
  // Reached only with an external provider (the built-in one takes /oidc before the app): no SPA here.
  app.all('/oidc', (c) => c.json({ message: 'No built-in OpenID provider: an external one is configured.' }, 404));
  app.all('/oidc/*', (c) => c.json({ message: 'No built-in OpenID provider: an external one is configured.' }, 404));

  app.get('/healthz', async (c) => {
    try {
      await storage.ping();
      return c.json({ ok: true });
    } catch (error) {
      log.error('health check failed', { error });
      return c.json({ ok: false, message: 'The database does not answer.' }, 503);
    }
  });

  // Readiness, for a load balancer: 503 while the database does not answer (within READY_TIMEOUT_MS),
  // while starting, and once a stop has begun (server.ts answers those before the app).
  app.get('/readyz', async (c) => {
    try {
      await withTimeout(storage.ping(), READY_TIMEOUT_MS);
      return c.json({ ready: true });
    } catch (error) {
      log.warn('not ready', { error });
      return c.json({ ready: false, message: 'The database does not answer.' }, 503);
    }
  });

  app.get('*', (c) => serveStaticSite(c, options.site));

  app.notFound((c) => c.json({ message: `Not found: ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    const { requestId } = requestContext(c.env.incoming);
    log.error('unhandled error', { requestId, error });
    return c.json({ message: 'Internal server error.', requestId }, 500);
  });
  return app;
}
