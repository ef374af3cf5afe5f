/**
 * The real server as a child process (`node --import tsx server/main.ts`, as `npm start` runs it minus
 * the build) that can be killed with any signal: SIGKILL for the crash-safety run, SIGTERM for a graceful
 * stop. It listens on a port of its own choosing (`PORT=0`, unless `env.PORT` names one) and says where in
 * its first line; resolves once `/healthz` answers 200 there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  /** `http://localhost:<port>`, also its PUBLIC_URL (so its issuer is `<url>/oidc`). */
  url: string;
  /** Sends the signal and resolves once the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
  output(): string;
  /** The server's process id (node's own, also when a shell set its limits first: it execs node). */
  pid: number | undefined;
}

const START_TIMEOUT_MS = 30_000;
const RUNNING_AT = /is running at (http:\/\/\S+)/;

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export interface ServerProcessOptions {
  /**
   * The most any file the server writes may grow to, bytes (POSIX `ulimit -f`, in 512-byte blocks:
   * RLIMIT_FSIZE): a write beyond fails with EFBIG, for root too, as on a disk that fails or fills.
   */
  fileSizeLimitBytes?: number;
  /** Runs the server as this user (root may): then file permissions bind it, as they would not bind root. */
  user?: { uid: number; gid: number };
  /** Flags for node itself, before the script (`--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: readonly string[];
}

/**
 * `env` holds the server's variables (DATA_DIR, DATABASE_URL…); none is inherited from this process.
 * PORT defaults to 0 (the server picks one and prints it); give one when PUBLIC_URL names a proxy.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const node = [process.execPath, ...(options.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'];
  const [command, ...args] =
    options.fileSizeLimitBytes === undefined
      ? node
      : ['/bin/sh', '-c', `ulimit -f ${Math.ceil(options.fileSizeLimitBytes / 512)} && exec "$@"`, 'sh', ...node];
  const child = spawn(command!, args, {
    cwd: PROJECT_ROOT,
    ...options.user,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      QUOTES_PROVIDER: 'files',
      // `error` keeps the request log quiet but still prints where the server runs.
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** The last chunks the server printed, for errors. */
  const printed: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8').on('data', (chunk: string) => {
      printed.push(chunk);
      if (printed.length > 100) printed.shift();
    });
  }
  const output = () => printed.join('');
  const kill = async (signal: NodeJS.Signals) => {
    const gone = exited(child);
    child.kill(signal);
    await gone;
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with ${child.exitCode} while starting:\n${output()}`);
    const printedUrl = RUNNING_AT.exec(output())?.[1];
    // Behind a proxy (PUBLIC_URL set) the server prints the public URL: with a PORT given, ask it directly.
    const url = printedUrl && env.PORT ? `http://127.0.0.1:${env.PORT}` : printedUrl;
    if (url) {
      try {
        const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
        if (response.status === 200) return { url, kill, output, pid: child.pid };
      } catch {
        // Not answering yet.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await kill('SIGKILL');
  throw new Error(`The server did not answer /healthz within ${START_TIMEOUT_MS} ms:\n${output()}`);
}
