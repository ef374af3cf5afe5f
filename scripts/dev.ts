/**
 * `npm run dev`: the real server on one port, with Vite in middleware mode inside the same process for
 * the SPA (React Fast Refresh; the HMR websocket shares the HTTP server). Same environment as `npm start`.
 */
import { createServer as createViteServer } from 'vite';
import { runFromEnvironment } from '../server/main';

await runFromEnvironment({
  async createFrontend(httpServer) {
    const vite = await createViteServer({
      server: { middlewareMode: true, hmr: { server: httpServer } },
      appType: 'spa',
    });
    return {
      handle: (request, response, next) => vite.middlewares(request, response, next),
      close: () => vite.close(),
    };
  },
});
