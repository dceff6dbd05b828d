/** The reference: our own static server (scripts/static-server.ts), as `npm run serve` runs it. */
import { startStaticServer } from '../static-server.ts';
import type { ServeOnHost } from './host.ts';

export const serve: ServeOnHost = async ({ dir, port, log }) => {
  const server = await startStaticServer({ root: dir, port, log });
  return { url: server.url, close: server.close };
};
