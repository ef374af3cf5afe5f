/** The Chromium the benchmark drives: Debian's, as the e2e suite uses it (playwright.config.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Without these, Chromium keeps dialling Google's hosts, which this closed network refuses. */
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
