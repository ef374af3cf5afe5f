/**
 * A TCP proxy that a test can cut: the way to make a real database "go away" for a server under test
 * without touching the database itself. Point the server's DATABASE_URL at `proxy.port`, then
 * `cut()` (every connection dropped, new ones refused) and `restore()` (listening again, same port);
 * `freeze()` (every connection dropped, new ones accepted and never answered: a host gone silent, as in a
 * failover) and `thaw()` (forwarding again).
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  let frozen = false;
  let server = createServer();
  function createServer() {
    return net.createServer((client) => {
      if (frozen) {
        track(client);
        client.on('error', () => {});
        return;
      }
      const upstream = net.connect(target.port, target.host);
      track(client);
      track(upstream);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
  }
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  const port = await listen(0);
  return {
    port,
    cut: stop,
    async restore() {
      server = createServer();
      await listen(port);
    },
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.destroy();
    },
    thaw() {
      frozen = false;
      for (const socket of sockets) socket.destroy();
    },
    close: stop,
  };
}
