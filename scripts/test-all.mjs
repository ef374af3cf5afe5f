#!/usr/bin/env node
// `npm test`: everything a change must pass, in order — types, lint, the production build, unit and
// server tests, the hardening suite, then the end-to-end suite in real Chromium. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  // Built before the server suites: they serve the real SPA (a fresh clone has no dist/ yet).
  ['production build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['unit and server tests', 'npx', ['vitest', 'run']],
  ['hardening suite', 'npm', ['run', '--silent', 'test:hardening']],
  ['browser', 'node', ['scripts/ensure-chromium.mjs']],
  ['end-to-end tests', 'npx', ['playwright', 'test']],
];

const started = Date.now();
let passed = 0;
for (const [name, command, args] of steps) {
  const stepStarted = Date.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
    console.log(`steps: ${passed} passed, 1 failed`);
    process.exit(1);
  }
  passed += 1;
  console.log(`✔ ${name} (${seconds} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(`steps: ${passed} passed, 0 failed`);
