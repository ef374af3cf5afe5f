/** Server configuration from the environment. Every variable is optional and has a working default. */
import path from 'node:path';
import { LOG_LEVELS, type LogLevel } from './log';
import { SIGN_IN_LIMITS } from './oidc/sign-in-limits';
import { DEFAULT_UPSTREAM_LIMITS } from './yahoo/yahoo-client';

export const QUOTES_PROVIDERS = ['auto', 'yahoo', 'files'] as const;
/** Account creations one address may try per hour, unless `ACCOUNT_CREATIONS_PER_HOUR` says otherwise. */
export const DEFAULT_ACCOUNT_CREATIONS_PER_HOUR: number = SIGN_IN_LIMITS.createPerAddress.max;

export type QuotesProviderName = (typeof QUOTES_PROVIDERS)[number];

export type OidcConfig =
  /** The built-in provider at `${publicUrl}/oidc`, with the accounts in our own storage. */
  { kind: 'builtin' } | { kind: 'external'; issuer: string; clientId: string };

export interface ServerConfig {
  /** 0 picks a free port (tests). */
  port: number;
  host: string;
  /** Origin the browser uses, without a trailing slash; undefined = `http://localhost:<listening port>`. */
  publicUrl: string | undefined;
  /** Absolute; holds the SQLite file and the built-in provider's keys. Created on first start. */
  dataDir: string;
  databaseUrl: string | undefined;
  oidc: OidcConfig;
  quotes: {
    provider: QuotesProviderName;
    /** Absolute. */
    marketDataDir: string;
    /** undefined = the quotes service's own default (Yahoo's public host). */
    yahooBaseUrl: string | undefined;
    /** Absolute; recorded Yahoo search answers, `<ISIN>.json`, for the symbols service offline. */
    symbolSearchDir: string;
    /** `YAHOO_OUTAGE_SECONDS`: how long an outage of Yahoo is remembered (calls fail fast meanwhile), ms. */
    outageMs: number;
  };
  /** Absolute; the built SPA. */
  staticDir: string;
  logLevel: LogLevel;
  /** Absolute; the demo account's portfolio, a `TransactionsBody`, its data on each start and reset. */
  demoPortfolioFile: string;
  /** `DEMO_ACCOUNT`: the shared demo account of the built-in provider (on by default; off on a public server). */
  demoAccount: boolean;
  /** `DEMO_RESET_SECONDS`: how often the demo account's data returns to the portfolio (a day), ms. */
  demoResetIntervalMs: number;
  /** Accounts the built-in provider lets one client address create (or try to) per hour. */
  accountCreationsPerHour: number;
}

export type ConfigResult = { ok: true; config: ServerConfig } | { ok: false; errors: string[] };

type Env = Readonly<Record<string, string | undefined>>;

/** Reads the configuration; relative paths are resolved against `cwd`. */
export function readConfig(env: Env, cwd: string = process.cwd()): ConfigResult {
  const errors: string[] = [];
  const text = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const directory = (name: string, fallback: string): string => path.resolve(cwd, text(name) ?? fallback);
  /** An http(s) URL; `keepTrailingSlash` for an issuer, whose `iss` claim must match it to the byte. */
  const httpUrl = (name: string, keepTrailingSlash = false): string | undefined => {
    const value = text(name);
    if (value === undefined) return undefined;
    if (!parseHttpUrl(value)) {
      errors.push(`${name} must be an http(s) URL, got "${value}"`);
      return undefined;
    }
    return keepTrailingSlash ? value : value.replace(/\/+$/, '');
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = text(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    errors.push(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
    return fallback;
  };

  const portText = text('PORT');
  const port = portText === undefined ? 8080 : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) errors.push(`PORT must be 0–65535, got "${portText}"`);

  const publicUrl = httpUrl('PUBLIC_URL');
  if (publicUrl !== undefined && new URL(publicUrl).pathname !== '/') {
    errors.push('PUBLIC_URL must be an origin without a path (the app is served at /)');
  }

  const issuer = httpUrl('OIDC_ISSUER', true);
  const clientId = text('OIDC_CLIENT_ID');
  let oidc: OidcConfig = { kind: 'builtin' };
  if (issuer !== undefined && clientId !== undefined) oidc = { kind: 'external', issuer, clientId };
  else if (issuer !== undefined || clientId !== undefined) {
    errors.push('OIDC_ISSUER and OIDC_CLIENT_ID go together: set both for an external provider, or neither');
  }

  const creationsText = text('ACCOUNT_CREATIONS_PER_HOUR');
  const accountCreationsPerHour =
    creationsText === undefined ? DEFAULT_ACCOUNT_CREATIONS_PER_HOUR : Number(creationsText);
  if (!Number.isInteger(accountCreationsPerHour) || accountCreationsPerHour < 1 || accountCreationsPerHour > 100_000) {
    errors.push(`ACCOUNT_CREATIONS_PER_HOUR must be a whole number 1–100000, got "${creationsText}"`);
  }

  const demoAccount = oneOf('DEMO_ACCOUNT', ['on', 'off'] as const, 'on') === 'on';
  const resetText = text('DEMO_RESET_SECONDS');
  const demoResetSeconds = resetText === undefined ? 24 * 60 * 60 : Number(resetText);
  if (!Number.isInteger(demoResetSeconds) || demoResetSeconds < 1 || demoResetSeconds > 31 * 24 * 60 * 60) {
    errors.push(`DEMO_RESET_SECONDS must be a whole number 1–2678400 (31 days), got "${resetText}"`);
  }

  const outageText = text('YAHOO_OUTAGE_SECONDS');
  const outageSeconds = outageText === undefined ? DEFAULT_UPSTREAM_LIMITS.outageMs / 1000 : Number(outageText);
  if (!Number.isInteger(outageSeconds) || outageSeconds < 1 || outageSeconds > 3600) {
    errors.push(`YAHOO_OUTAGE_SECONDS must be a whole number 1–3600, got "${outageText}"`);
  }

  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    errors.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }

  const config: ServerConfig = {
    port,
    host: text('HOST') ?? '127.0.0.1',
    publicUrl,
    dataDir: directory('DATA_DIR', 'var'),
    databaseUrl,
    oidc,
    quotes: {
      provider: oneOf('QUOTES_PROVIDER', QUOTES_PROVIDERS, 'auto'),
      marketDataDir: directory('MARKET_DATA_DIR', 'data/market'),
      yahooBaseUrl: httpUrl('YAHOO_BASE_URL'),
      symbolSearchDir: directory('SYMBOL_SEARCH_DIR', 'data/symbol-search'),
      outageMs: outageSeconds * 1000,
    },
    staticDir: directory('STATIC_DIR', 'dist'),
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    demoPortfolioFile: path.resolve(cwd, text('DEMO_PORTFOLIO_FILE') ?? 'data/demo-portfolio.json'),
    demoAccount,
    demoResetIntervalMs: demoResetSeconds * 1000,
    accountCreationsPerHour,
  };
  return errors.length > 0 ? { ok: false, errors } : { ok: true, config };
}

function parseHttpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}
