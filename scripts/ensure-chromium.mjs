#!/usr/bin/env node
// Playwright drives Debian's Chromium (browser downloads are not possible here). Make sure it exists:
// install it when we are root, otherwise say exactly what to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

if (process.getuid?.() === 0) {
  console.log(`Chromium not found at ${path}; installing Debian's chromium package…`);
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (existsSync(path)) process.exit(0);
  console.error(`apt-get finished but ${path} is still missing.`);
  process.exit(1);
}
console.error(
  `Chromium was not found at ${path}. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y chromium\n\n` +
    'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
);
process.exit(1);
