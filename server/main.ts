/**
 * `tsx server/main.ts`: reads the configuration from the environment, starts the server, prints where
 * it is, and stops gracefully on SIGINT/SIGTERM (a second signal stops at once).
 */
import { pathToFileURL } from 'node:url';
import { readConfig } from './config';
import { startServer, type StartServerOptions } from './server';

export { startServer } from './server';
export type { RunningServer, StartServerOptions } from './server';

export async function runFromEnvironment(options: StartServerOptions = {}): Promise<void> {
  const result = readConfig(process.env);
  if (!result.ok) {
    console.error(`Investments Tracker cannot start:\n${result.errors.map((e) => `  - ${e}`).join('\n')}`);
    process.exit(1);
  }
  const running = await startServer(result.config, options);
  if (result.config.logLevel !== 'silent') {
    const lines = [`Investments Tracker is running at ${running.publicUrl}`];
    if (running.demo)
      lines.push(`Try the demo: username "${running.demo.username}", password "${running.demo.password}"`);
    console.log(lines.join('\n'));
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Stopping on ${signal} failed:`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runFromEnvironment().catch((error: unknown) => {
    console.error('Investments Tracker failed to start:', error);
    process.exit(1);
  });
}
