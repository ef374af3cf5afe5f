#!/usr/bin/env node
// `npm test`: everything a change must pass — types, lint, the production build, unit and server tests,
// the hardening suite, then the end-to-end suite in real Chromium. The steps of one stage run at the same
// time (each prints its output whole once it ends, in the order listed, with its time); a stage starts
// only when the one before passed, and a failed step is named and fails the run. Only the first stage,
// which starts no server, has more than one step.
import { spawn } from 'node:child_process';

const stages = [
  [
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ['lint', 'npm', ['run', '--silent', 'lint']],
    // Built before the server suites: they serve the real SPA (a fresh clone has no dist/ yet).
    ['production build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ],
  // One at a time from here: these suites start servers against timeouts, and the end-to-end specs measure
  // the page's own timings. (Run beside each other on a loaded 2-core machine, servers missed their
  // 30-second start.)
  // tests/unit and tests/integration (vite.config.ts), then tests/hardening, then tests/e2e with the
  // hardening suite's browser specs (playwright.config.ts).
  [['unit and integration tests', 'npx', ['vitest', 'run']]],
  [['hardening suite', 'npm', ['run', '--silent', 'test:hardening']]],
  [['browser', 'node', ['scripts/ensure-chromium.mjs']]],
  [['end-to-end tests', 'npx', ['playwright', 'test']]],
];

/** Runs a step; a step alone in its stage prints as it goes, otherwise its output is kept for later. */
function run([name, command, args], live) {
  const started = Date.now();
  const output = [];
  const child = spawn(command, args, {
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    // Kept output is printed to the same terminal later: keep the colours it would have had.
    env: !live && process.stdout.isTTY && !process.env.NO_COLOR ? { ...process.env, FORCE_COLOR: '1' } : process.env,
  });
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve({ name, status: null, signal: error.code, seconds: (Date.now() - started) / 1000, output });
    });
    child.on('close', (status, signal) =>
      resolve({ name, status, signal, seconds: (Date.now() - started) / 1000, output }),
    );
  });
}

const started = Date.now();
let passed = 0;
for (const stage of stages) {
  const live = stage.length === 1;
  if (!live) console.log(`\n▶ ${stage.map(([name]) => name).join(', ')}: at the same time`);
  const results = stage.map((step) => {
    if (live) console.log(`\n▶ ${step[0]}: ${step[1]} ${step[2].join(' ')}`);
    return run(step, live);
  });
  const failed = [];
  for (const [index, pending] of results.entries()) {
    const result = await pending;
    const [name, command, args] = stage[index];
    if (!live) {
      console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(result.output));
    }
    const seconds = result.seconds.toFixed(1);
    if (result.status === 0) {
      passed += 1;
      console.log(`✔ ${name} (${seconds} s)`);
    } else {
      failed.push(name);
      console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
    }
  }
  if (failed.length > 0) {
    console.log(`steps: ${passed} passed, ${failed.length} failed (${failed.join(', ')})`);
    process.exit(1);
  }
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(`steps: ${passed} passed, 0 failed`);
