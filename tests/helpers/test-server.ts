/**
 * Starts the real server as a child process (`node --import tsx server/main.ts`), exactly as `npm start`
 * runs it minus the build, on a free port of 127.0.0.1 with a fresh temporary DATA_DIR (SQLite),
 * QUOTES_PROVIDER=files and LOG_LEVEL=silent; resolves once `GET /healthz` answers 200.
 *
 *   const server = await startTestServer({ STATIC_DIR: dir });   // any variable of the server's config
 *   await fetch(`${server.url}/api/config`);
 *   await server.close();      // SIGTERM (graceful stop), then removes its DATA_DIR; says how it exited
 *
 * The server's variables are NOT inherited from the test's environment (a DATABASE_URL set for the
 * storage contract suite must not send every test server to PostgreSQL): pass them in `env`.
 * A DATA_DIR passed in `env` belongs to the caller and is kept (restart scenarios); a PORT passed in
 * `env` is used as is (a server started again at the same URL, so the same issuer).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface TestServer {
  /** `http://127.0.0.1:<port>`, also the server's PUBLIC_URL. */
  url: string;
  dataDir: string;
  /** The server process's id (to read its memory from /proc). */
  pid: number;
  /** What the server printed so far (stdout and stderr). */
  output(): string;
  /** Idempotent. `exitCode` 0 = it stopped gracefully on SIGTERM. */
  close(): Promise<ServerExit>;
}

export interface ServerExit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
}

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SERVER_VARIABLES = [
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATA_DIR',
  'DATABASE_URL',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'QUOTES_PROVIDER',
  'MARKET_DATA_DIR',
  'YAHOO_BASE_URL',
  'SYMBOL_SEARCH_DIR',
  'STATIC_DIR',
  'LOG_LEVEL',
  'DEMO_PORTFOLIO_FILE',
  'DEMO_ACCOUNT',
  'DEMO_RESET_SECONDS',
];
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const ownsDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'investments-test-'));
  try {
    // A free port can be taken between our probe and the child's listen: try again with another.
    for (let attempt = 1; ; attempt++) {
      const port = env.PORT !== undefined ? Number(env.PORT) : await freePort();
      const started = await spawnServer(port, dataDir, env);
      if (started.ok) {
        let closing: Promise<ServerExit> | undefined;
        return {
          url: started.url,
          dataDir,
          pid: started.child.pid!,
          output: started.output,
          close: () =>
            (closing ??= stop(started.child).then((exit) => {
              if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
              return exit;
            })),
        };
      }
      if (!started.output().includes('EADDRINUSE') || attempt === 3 || env.PORT !== undefined) {
        throw new Error(`The test server did not start: ${started.reason}\n${started.output()}`);
      }
    }
  } catch (error) {
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

type Started =
  | { ok: true; url: string; child: ChildProcess; output: () => string }
  | { ok: false; reason: string; output: () => string };

async function spawnServer(port: number, dataDir: string, env: Record<string, string>): Promise<Started> {
  const url = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  for (const name of SERVER_VARIABLES) delete inherited[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      QUOTES_PROVIDER: 'files',
      LOG_LEVEL: 'silent',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const collect = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = () => text;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) return { ok: false, reason: `it exited with code ${child.exitCode}`, output };
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (response.status === 200) return { ok: true, url, child, output };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop(child);
  return { ok: false, reason: `/healthz did not answer 200 within ${START_TIMEOUT_MS} ms`, output };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function stop(child: ChildProcess): Promise<ServerExit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ exitCode: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', (exitCode, signal) => {
      clearTimeout(kill);
      resolve({ exitCode, signal });
    });
    child.kill('SIGTERM');
  });
}
