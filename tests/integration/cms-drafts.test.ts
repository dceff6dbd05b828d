/**
 * Drafts in the sample CMS's edit API, over real HTTP: a draft is saved beside the published
 * document and served only by the draft view; publishing it makes it the published version and
 * fires the webhook a direct PUT fires; preview links come signed for the page's language.
 */
import { access, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/lib/i18n/languages.ts';
import { startCmsServer, type CmsServer } from '../../scripts/local-cms/server.ts';
import { verifyPreviewLink } from '../../src/node/preview/link.ts';
import { FIXTURE_NOW, writeMiniCms } from '../fixtures/mini-cms.ts';

const SECRET = 'drafts-test-webhook-secret-0123';
const PREVIEW_SECRET = 'drafts-test-preview-secret-0123';
const women = 'zh_TW/pages/women.json';
const draft = { code: 'women', updatedAt: FIXTURE_NOW, description: 'A draft, not yet published', components: [] };

let dataDir: string;
let cms: CmsServer;
let receiver: Server;
let received: string[];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cms-drafts-'));
  await writeMiniCms(dataDir, LANGUAGES);
  received = [];
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += String(c)));
    req.on('end', () => (received.push(body), res.writeHead(202).end()));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  cms = await startCmsServer({
    dataDir,
    port: 0,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`,
    webhookSecret: SECRET,
    preview: { url: 'https://preview.linea.example', secret: PREVIEW_SECRET },
  });
});
afterEach(async () => {
  await cms.close();
  await new Promise<void>((resolve) => (receiver.closeAllConnections(), receiver.close(() => resolve())));
  await rm(dataDir, { recursive: true, force: true });
});

const edit = (method: string, path: string, body?: unknown) =>
  fetch(`${cms.url}/cms/_edit/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const published = async () => (await fetch(`${cms.url}/cms/${women}`)).json();
const drafted = async () => (await fetch(`${cms.url}/_drafts/cms/${women}`)).json();

describe('drafts', () => {
  it('a draft leaves the published document as it was, is served by the draft view only, and sends no webhook', async () => {
    const before = await published();
    const response = await edit('PUT', `${women}?draft=1`, draft);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ path: women, change: 'draft', delivery: null });
    expect(await published()).toEqual(before);
    expect(await drafted()).toEqual(draft);
    // Documents without a draft read as published in the draft view.
    expect(await (await fetch(`${cms.url}/_drafts/cms/zh_TW/pages/men.json`)).status).toBe(404);
    expect(await (await fetch(`${cms.url}/_drafts/cms/zh_TW/config.json`)).json()).toEqual(
      await (await fetch(`${cms.url}/cms/zh_TW/config.json`)).json(),
    );
    expect(await (await fetch(`${cms.url}/_drafts/cms/drafts.json`)).json()).toEqual({ documents: [women] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([]);
  });

  it('a draft is checked against the CMS contract as a PUT is', async () => {
    const response = await edit('PUT', `${women}?draft=1`, { ...draft, components: 'none' });
    expect(response.status).toBe(422);
    await expect(access(join(dataDir, 'drafts', women))).rejects.toThrow();
  });

  it('publishing a draft makes it the published version, removes the draft and fires the webhook', async () => {
    await edit('PUT', `${women}?draft=1`, draft);
    const response = await edit('POST', `_publish/${women}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ path: women, change: 'changed', delivery: expect.any(String) });
    expect(await published()).toEqual(draft);
    expect(await (await fetch(`${cms.url}/_drafts/cms/drafts.json`)).json()).toEqual({ documents: [] });
    await cms.edits.idle();
    expect(received.map((body) => JSON.parse(body) as { changed: string[] })).toMatchObject([{ changed: [women] }]);
    // Nothing left to publish.
    expect((await edit('POST', `_publish/${women}`)).status).toBe(404);
  });

  it('a discarded draft leaves the published version', async () => {
    const before = await published();
    await edit('PUT', `${women}?draft=1`, draft);
    expect((await edit('DELETE', `${women}?draft=1`)).status).toBe(200);
    expect(await drafted()).toEqual(before);
    expect(await published()).toEqual(before);
  });

  it('gives a preview link signed over the page, its language and an expiry', async () => {
    const response = await edit('POST', '_preview-link', { path: '/en-gb/women.html', expiresInSeconds: 600 });
    expect(response.status).toBe(200);
    const { url, language, expires } = (await response.json()) as { url: string; language: string; expires: number };
    expect(language).toBe('en-GB');
    const link = new URL(url);
    expect(link.origin + link.pathname).toBe('https://preview.linea.example/_preview/open');
    expect(verifyPreviewLink(link.searchParams, PREVIEW_SECRET, Date.now())).toEqual({
      ok: true,
      value: { path: '/en-gb/women.html', language: 'en-GB', expires },
    });
    expect(expires * 1000).toBeGreaterThan(Date.now() + 590_000);
    expect((await edit('POST', '_preview-link', { path: 'women.html' })).status).toBe(422);
  });
});
