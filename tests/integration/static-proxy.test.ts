/**
 * The local server's proxy (scripts/static-server.ts) as a hostile visitor meets it, over real
 * HTTP: the upstream is only ever the configured one, whatever the request target names; what
 * comes back as HTML carries the store's framing headers; an upstream that is down is not named.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import { createCommerceApp } from '../../scripts/local-commerce/app.ts';
import { openDatabase } from '../../scripts/local-commerce/db.ts';
import { PROXY_BODY_MAX_BYTES, startStaticServer } from '../../scripts/static-server.ts';
import { SECURITY_HEADERS_FILE } from '../../scripts/host-rules.ts';
import { freePort } from '../fixtures/ports.ts';

interface Heard {
  method: string;
  url: string;
  host: string;
  body: number;
}

/** A listener that records what reaches it and answers with the body it is told to. */
async function listener(answer: (req: IncomingMessage) => { status: number; type: string; body: string }) {
  const heard: Heard[] = [];
  const server: Server = createServer((req, res) => {
    let body = 0;
    req.on('data', (chunk: Buffer) => (body += chunk.length));
    req.on('end', () => {
      heard.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host ?? '', body });
      const { status, type, body: text } = answer(req);
      res.writeHead(status, { 'content-type': type }).end(text);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { heard, port, url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** One request written byte for byte, so the request target is exactly what a hostile client sends. */
function raw(port: number, head: string, body = ''): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    // Written, not ended: the server closes after its answer (Connection: close), and a half-closed socket may lose a streamed one.
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n${body}`));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [headers = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(headers)?.[1] ?? 0), headers: headers.toLowerCase(), body: rest.join('\r\n\r\n') });
    });
  });
}

function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

const STORE_HEADERS: Array<[string, string]> = [
  ['Content-Security-Policy', "default-src 'self'; frame-ancestors 'none'"],
  ['X-Frame-Options', 'DENY'],
  ['X-Content-Type-Options', 'nosniff'],
];

let dir: string;
let api: Awaited<ReturnType<typeof listener>>;
let bystander: Awaited<ReturnType<typeof listener>>;
let store: Awaited<ReturnType<typeof startStaticServer>>;
let downPort: number;
let storeDown: Awaited<ReturnType<typeof startStaticServer>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'proxy-'));
  await mkdir(join(dir, 'site', '_host'), { recursive: true });
  await writeFile(join(dir, 'site', 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(join(dir, 'site', 'not-found.html'), '<!doctype html><title>Not found</title>');
  await writeFile(join(dir, 'site', SECURITY_HEADERS_FILE), JSON.stringify(STORE_HEADERS));
  api = await listener((req) =>
    req.url?.endsWith('.html')
      ? { status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><p>upstream page</p>' }
      : { status: 200, type: 'application/json', body: '{"success":true}' },
  );
  // Another service on this machine, which no request to the store may reach.
  bystander = await listener(() => ({ status: 200, type: 'text/html', body: '<script>steal()</script>' }));
  store = await startStaticServer({ root: join(dir, 'site'), port: 0, mobileSiteUrl: '', proxies: [{ prefix: '/api/', target: api.url }] });
  downPort = await freePort();
  storeDown = await startStaticServer({
    root: join(dir, 'site'),
    port: 0,
    mobileSiteUrl: '',
    proxies: [{ prefix: '/api/', target: `http://127.0.0.1:${downPort}` }],
  });
});

afterAll(async () => {
  await store.close();
  await storeDown.close();
  await api.close();
  await bystander.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the proxy reaches only its configured upstream', () => {
  it('passes an ordinary /api request to the API, path and query as sent', async () => {
    const answer = await get(`${store.url}/api/catalogue/products?code=L1`);
    expect(answer.status).toBe(200);
    expect(api.heard.at(-1)).toMatchObject({ method: 'GET', url: '/api/catalogue/products?code=L1', host: `127.0.0.1:${api.port}` });
  });

  it.each([
    ['a path naming another host', (port: number) => `GET //127.0.0.1:${port}/api/x HTTP/1.1\r\nHost: store`],
    ['a path naming another host, with a dot segment', (port: number) => `GET //127.0.0.1:${port}/api/../api/x HTTP/1.1\r\nHost: store`],
    ['a path of three slashes', (port: number) => `GET ///127.0.0.1:${port}/api/x HTTP/1.1\r\nHost: store`],
    ['an absolute-form target', (port: number) => `GET http://127.0.0.1:${port}/api/x HTTP/1.1\r\nHost: store`],
    [
      'an absolute-form target naming the store',
      (port: number) => `GET http://127.0.0.1:${port}//127.0.0.1:${port}/api/x HTTP/1.1\r\nHost: store`,
    ],
    ['a backslashed host', (port: number) => `GET /\\127.0.0.1:${port}/api/x HTTP/1.1\r\nHost: store`],
  ])('sends nothing to another listener for %s', async (_, head) => {
    const before = { api: api.heard.length, bystander: bystander.heard.length };
    const answer = await raw(store.port, `${head(bystander.port)}\r\nConnection: close`);
    expect(bystander.heard.length).toBe(before.bystander);
    expect(answer.body).not.toContain('steal()');
    // Whatever the store answers (a refusal, its not-found page), it is not another host's content.
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(api.heard.length).toBe(before.api);
  });

  it('refuses a request target that is not a path with 400', async () => {
    const answer = await raw(store.port, `GET http://127.0.0.1:${bystander.port}/api/x HTTP/1.1\r\nHost: store\r\nConnection: close`);
    expect(answer.status).toBe(400);
  });

  it('sends the path as the URL standard resolves it, never above the prefix', async () => {
    await get(`${store.url}/api/a/%2e%2e/b`);
    expect(api.heard.at(-1)?.url).toBe('/api/b');
  });
});

describe('bodies', () => {
  /** A login of `size` bytes, sent in chunks as a client streaming it would. */
  function chunkedLogin(base: string, size: number): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request(
        `${base}/api/auth/login`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', origin: base } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const write = (): void => {
        while (sent < size) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    });
  }

  it('answers a chunked 2 MB login with the API refusal, 413, not 502', async () => {
    const db = openDatabase(':memory:');
    const app = createCommerceApp({ db, siteOrigin: 'http://127.0.0.1' });
    const api = await new Promise<ReturnType<typeof serve>>((done) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(server));
    });
    const { port } = api.address() as { port: number };
    const front = await startStaticServer({
      root: join(dir, 'site'),
      port: 0,
      mobileSiteUrl: '',
      proxies: [{ prefix: '/api/', target: `http://127.0.0.1:${port}` }],
    });
    try {
      const answer = await chunkedLogin(front.url, 2 * 1024 * 1024);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, msgCode: 'BODY_TOO_LARGE' });
      // One over what any endpoint takes is refused at the proxy, the upstream never reading it.
      const huge = await chunkedLogin(front.url, PROXY_BODY_MAX_BYTES + 64 * 1024);
      expect(huge.status).toBe(413);
    } finally {
      await front.close();
      await new Promise((done) => api.close(done));
      db.close();
    }
  });
});

describe('what the proxy hands back', () => {
  it('gives an HTML answer from upstream the store framing headers', async () => {
    const answer = await get(`${store.url}/api/_admin.html`);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(String(answer.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('names nothing internal when the upstream is down, and answers with the API envelope', async () => {
    const answer = await get(`${storeDown.url}/api/auth/refresh`);
    expect(answer.status).toBe(502);
    expect(answer.body).not.toContain('127.0.0.1');
    expect(answer.body).not.toContain(String(downPort));
    expect(answer.body).not.toMatch(/ECONNREFUSED|connect/);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, msgCode: 'SERVICE_UNAVAILABLE' });
  });
});
