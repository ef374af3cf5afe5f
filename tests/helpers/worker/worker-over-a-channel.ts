/**
 * The worker's real API (src/worker/api.ts) behind Comlink over a Node MessageChannel, as the page talks
 * to the worker, with every message across the channel recorded: what the page sent, what came back.
 * The worker's HTTP client points at a real test server.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Credentials } from '#src/worker';
import { createWorkerApi, type WorkerApi } from '#src/worker/api';
import { setServiceOrigin } from '#src/worker/services/http';
import { signIn } from '../oidc-login';
import { startTestServer, type TestServer } from '../test-server';

export interface Crossing {
  direction: 'toWorker' | 'toPage';
  message: unknown;
}

/**
 * Messages to the worker held back while `held` is set, each with its delivery; `arrived` is called as
 * each one is held.
 */
interface Hold {
  held: Array<() => void> | null;
  arrived: () => void;
}

/** Comlink's endpoint over a Node port: `message` events carry `data`, as in a browser. */
function endpoint(port: MessagePort, record?: (message: unknown) => void, hold?: Hold): Comlink.Endpoint {
  const listeners = new Map<EventListenerOrEventListenerObject, (data: unknown) => void>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => {
      record?.(message);
      port.postMessage(message, transfer as never);
    },
    addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
      const deliver = (data: unknown) => {
        const event = { data } as MessageEvent;
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      };
      const wrapped = (data: unknown) => {
        if (!hold?.held) return deliver(data);
        hold.held.push(() => deliver(data));
        hold.arrived();
      };
      listeners.set(listener, wrapped);
      port.on('message', wrapped);
    },
    removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
      const wrapped = listeners.get(listener);
      if (wrapped) port.off('message', wrapped);
    },
  };
}

export function workerOverAChannel(serverUrl: string) {
  setServiceOrigin(serverUrl);
  const crossings: Crossing[] = [];
  const { port1, port2 } = new MessageChannel();
  const hold: Hold = { held: null, arrived: () => {} };
  Comlink.expose(
    createWorkerApi(),
    endpoint(port2, (message) => crossings.push({ direction: 'toPage', message }), hold),
  );
  const worker = Comlink.wrap<WorkerApi>(
    endpoint(port1, (message) => crossings.push({ direction: 'toWorker', message })),
  );
  return {
    worker,
    crossings,
    /**
     * Holds the page's next messages back from the worker; `together(count)` waits until `count` have
     * crossed, then hands them all to the worker in one turn of the event loop, in the order sent, and
     * stops holding: the worker has started every one of those calls before any of them goes on.
     */
    holdMessages() {
      const held: Array<() => void> = [];
      hold.held = held;
      return {
        async together(count: number): Promise<void> {
          while (held.length < count) await new Promise<void>((resolve) => (hold.arrived = resolve));
          hold.held = null;
          hold.arrived = () => {};
          for (const deliver of held) deliver();
        },
      };
    },
    close() {
      worker[Comlink.releaseProxy]();
      port1.close();
      port2.close();
      setServiceOrigin(undefined);
    },
  };
}

const isList = (value: unknown): boolean => Array.isArray(value);

/**
 * How many transaction sets `value` holds anywhere inside: a set of objects (`{stock, dividend,
 * commission}` lists) or a set in columns (model/transaction-wire.ts).
 */
export function setsIn(value: unknown): number {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return 0;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + setsIn(item), 0);
  const record = value as Record<string, unknown>;
  if (isList(record.stock) && isList(record.dividend) && isList(record.commission)) return 1;
  if ('counts' in record && record.refs instanceof Int32Array && record.numbers instanceof Float64Array) return 1;
  return Object.values(record).reduce((sum: number, item) => sum + setsIn(item), 0);
}

export interface SignedInChannel {
  server: TestServer;
  idToken: string;
  credentials: Credentials;
  channel: ReturnType<typeof workerOverAChannel>;
}

/**
 * A test file's hooks: one real server for the file, and before each test a new account (`prefix-n`)
 * signed in and a new channel to a new worker, handed to `use`; the channel is closed after the test.
 */
export function signedInChannelPerTest(prefix: string, use: (session: SignedInChannel) => void): void {
  let server: TestServer | undefined;
  let channel: ReturnType<typeof workerOverAChannel> | undefined;
  let users = 0;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server?.close());
  beforeEach(async () => {
    users += 1;
    const { idToken } = await signIn(server!.url, {
      username: `${prefix}-${users}`,
      password: 'correct horse',
      createAccount: true,
    });
    channel = workerOverAChannel(server!.url);
    use({ server: server!, idToken, credentials: { idToken, xsrfToken: null }, channel });
  });
  afterEach(() => channel?.close());
}
