/**
 * The local commerce API on a catalogue of the benchmark's own (a scaled one the generator drew
 * in memory), in memory and on a port of its own: the scale benchmarks pull from it as the
 * build pulls from the real API, without touching .data/cms, which `npm start` owns.
 */
import { serve } from '@hono/node-server';
import { createCommerceApp } from '../local-commerce/app.ts';
import { openDatabase } from '../local-commerce/db.ts';
import { seedDatabase } from '../local-commerce/seed.ts';
import type { Catalogue } from '../sample-data/catalogue-schema.ts';

export async function startCatalogueApi(catalogue: Catalogue): Promise<{ apiBaseUrl: string; close(): Promise<void> }> {
  const db = openDatabase(':memory:');
  seedDatabase(db, catalogue);
  const app = createCommerceApp({ db, siteOrigin: 'http://127.0.0.1' });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({
        apiBaseUrl: `http://127.0.0.1:${info.port}/api`,
        close: () => new Promise<void>((done) => server.close(() => (db.close(), done()))),
      }),
    );
  });
}

/** A fetch that counts its calls by path, for the figures. */
export function countingFetch(inner: typeof fetch = fetch): { fetch: typeof fetch; calls: Map<string, number>; total(): number } {
  const calls = new Map<string, number>();
  const counted: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.set(url.pathname, (calls.get(url.pathname) ?? 0) + 1);
    return inner(input, init);
  };
  return { fetch: counted, calls, total: () => [...calls.values()].reduce((a, b) => a + b, 0) };
}
