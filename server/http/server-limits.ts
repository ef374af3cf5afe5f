/**
 * Limits of the HTTP server itself: headers must arrive within 10 s and a whole request (body included)
 * within 30 s, so a slow upload is cut (408); at most 1,000 connections, 100 from one address; idle
 * keep-alive connections close after 5 s. Errors Node answers on its own (431 headers too large, 408,
 * 400 malformed) carry the security headers like every other answer.
 */
import type http from 'node:http';
import type { Socket } from 'node:net';

export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
export const MAX_CONNECTIONS = 1000;
export const MAX_CONNECTIONS_PER_ADDRESS = 100;

const STATUS_OF_CLIENT_ERROR: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
  HPE_HEADERS_TIMEOUT: [408, 'Request Timeout'],
};

export function applyServerLimits(server: http.Server, headers: () => Record<string, string>): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.maxConnections = MAX_CONNECTIONS;

  const perAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (perAddress.get(address) ?? 0) + 1;
    if (count > MAX_CONNECTIONS_PER_ADDRESS) {
      socket.destroy();
      return;
    }
    perAddress.set(address, count);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || (socket as Socket & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const [status, text] = STATUS_OF_CLIENT_ERROR[error.code ?? ''] ?? [400, 'Bad Request'];
    const body = JSON.stringify({ message: `${status} ${text}` });
    const lines = [
      `HTTP/1.1 ${status} ${text}`,
      'Connection: close',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      ...Object.entries(headers()).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}
