/** The configuration from the environment: working defaults for everything, clear errors for mistakes. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '#server/config';

const cwd = '/srv/app';

describe('with an empty environment', () => {
  it('runs on defaults: 127.0.0.1:8080, SQLite under ./var, the built-in provider, auto quotes, ./dist', () => {
    expect(readConfig({}, cwd)).toEqual({
      ok: true,
      config: {
        port: 8080,
        host: '127.0.0.1',
        publicUrl: undefined,
        dataDir: path.join(cwd, 'var'),
        databaseUrl: undefined,
        oidc: { kind: 'builtin' },
        quotes: {
          provider: 'auto',
          marketDataDir: path.join(cwd, 'data/market'),
          yahooBaseUrl: undefined,
          symbolSearchDir: path.join(cwd, 'data/symbol-search'),
          outageMs: 60_000,
        },
        staticDir: path.join(cwd, 'dist'),
        logLevel: 'info',
        demoPortfolioFile: path.join(cwd, 'data/demo-portfolio.json'),
        demoAccount: true,
        demoResetIntervalMs: 24 * 60 * 60 * 1000,
        accountCreationsPerHour: 20,
      },
    });
  });
});

describe('with every variable set', () => {
  it('takes them, resolving directories against the working directory', () => {
    const result = readConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        PUBLIC_URL: 'https://invest.example.org/',
        DATA_DIR: '/var/lib/investments',
        DATABASE_URL: 'postgres://app@db:5432/investments',
        OIDC_ISSUER: 'https://tenant.eu.auth0.com/',
        OIDC_CLIENT_ID: 'abc123',
        QUOTES_PROVIDER: 'files',
        MARKET_DATA_DIR: 'market',
        SYMBOL_SEARCH_DIR: 'searches',
        YAHOO_BASE_URL: 'http://127.0.0.1:4000/',
        YAHOO_OUTAGE_SECONDS: '300',
        STATIC_DIR: 'build',
        LOG_LEVEL: 'silent',
        DEMO_PORTFOLIO_FILE: 'demo.json',
        DEMO_ACCOUNT: 'off',
        DEMO_RESET_SECONDS: '60',
        ACCOUNT_CREATIONS_PER_HOUR: '500',
      },
      cwd,
    );
    expect(result).toEqual({
      ok: true,
      config: {
        port: 9000,
        host: '0.0.0.0',
        publicUrl: 'https://invest.example.org',
        dataDir: '/var/lib/investments',
        databaseUrl: 'postgres://app@db:5432/investments',
        // The issuer keeps its trailing slash: the iss claim must match it to the byte.
        oidc: { kind: 'external', issuer: 'https://tenant.eu.auth0.com/', clientId: 'abc123' },
        quotes: {
          provider: 'files',
          marketDataDir: path.join(cwd, 'market'),
          yahooBaseUrl: 'http://127.0.0.1:4000',
          symbolSearchDir: path.join(cwd, 'searches'),
          outageMs: 300_000,
        },
        staticDir: path.join(cwd, 'build'),
        logLevel: 'silent',
        demoPortfolioFile: path.join(cwd, 'demo.json'),
        demoAccount: false,
        demoResetIntervalMs: 60_000,
        accountCreationsPerHour: 500,
      },
    });
  });
});

describe('mistakes', () => {
  it.each([
    [{ PORT: 'eighty' }, /PORT must be 0–65535/],
    [{ PORT: '70000' }, /PORT must be 0–65535/],
    [{ PUBLIC_URL: 'localhost:8080' }, /PUBLIC_URL must be an http\(s\) URL/],
    [{ PUBLIC_URL: 'https://example.org/app' }, /without a path/],
    [{ OIDC_ISSUER: 'https://id.example.org' }, /OIDC_ISSUER and OIDC_CLIENT_ID go together/],
    [{ OIDC_CLIENT_ID: 'abc' }, /OIDC_ISSUER and OIDC_CLIENT_ID go together/],
    [{ DATABASE_URL: 'mysql://db/x' }, /DATABASE_URL must be a postgres/],
    [{ QUOTES_PROVIDER: 'bloomberg' }, /QUOTES_PROVIDER must be one of auto, yahoo, files/],
    [{ ACCOUNT_CREATIONS_PER_HOUR: '0' }, /ACCOUNT_CREATIONS_PER_HOUR must be a whole number 1–100000/],
    [{ ACCOUNT_CREATIONS_PER_HOUR: 'many' }, /ACCOUNT_CREATIONS_PER_HOUR must be a whole number 1–100000/],
    [{ YAHOO_OUTAGE_SECONDS: '0' }, /YAHOO_OUTAGE_SECONDS must be a whole number 1–3600/],
    [{ YAHOO_OUTAGE_SECONDS: '1.5' }, /YAHOO_OUTAGE_SECONDS must be a whole number 1–3600/],
    [{ LOG_LEVEL: 'verbose' }, /LOG_LEVEL must be one of silent, error, warn, info, debug/],
  ])('%o is refused with a message saying what to fix', (env, message) => {
    const result = readConfig(env, cwd);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join('\n')).toMatch(message);
  });

  it('lists every mistake at once', () => {
    const result = readConfig({ PORT: '-1', QUOTES_PROVIDER: 'x', LOG_LEVEL: 'y' }, cwd);
    expect(result.ok ? [] : result.errors).toHaveLength(3);
  });
});
