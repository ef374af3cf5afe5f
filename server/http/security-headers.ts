/** Headers every response carries, whoever answers it (our app, the OpenID provider, Vite in dev). */

export interface SecurityHeaderOptions {
  /** Origin of the OpenID provider the SPA talks to (the built-in one is our own origin). */
  issuerOrigin: string;
  /** Vite dev server: its React Fast Refresh preamble is an inline script and HMR uses a websocket. */
  dev: boolean;
  /** PUBLIC_URL is https: browsers are told to use nothing else (HSTS, a year). */
  https?: boolean;
}

export function contentSecurityPolicy({ issuerOrigin, dev }: SecurityHeaderOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    // uPlot and React set inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", issuerOrigin, ...(dev ? ['ws:', 'wss:'] : [])],
    'worker-src': ["'self'", ...(dev ? ['blob:'] : [])],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", issuerOrigin],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...new Set(values)].join(' '))
    .join('; ');
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // With COOP, makes the page cross-origin isolated: the worker then shares the charts' close series
    // with it instead of copying them on every derive and toggle (src/worker/engine/shared-series.ts).
    'Cross-Origin-Embedder-Policy': 'require-corp',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}
