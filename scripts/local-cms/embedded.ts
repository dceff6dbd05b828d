/**
 * The embedded sample CMS, started on demand: generates the sample content when it is
 * missing or was generated for another day (its dates are relative to the day), then serves it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateSampleCms } from './generate.ts';
import { startCmsServer } from './server.ts';

export const SAMPLE_CMS_DIR = '.data/cms';
const DAY_MS = 86_400_000;

export interface EmbeddedCmsOptions {
  dataDir?: string;
  scale?: number;
  seed?: number;
  now?: number;
  log?: (line: string) => void;
}

export async function ensureSampleContent(options: EmbeddedCmsOptions = {}): Promise<string> {
  const { dataDir = SAMPLE_CMS_DIR, scale, seed = 1, log = () => {} } = options;
  const now = options.now ?? Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const wanted = JSON.stringify({ seed, scale: scale ?? null, now });
  const stampFile = join(dataDir, '.generated.json');
  const stamp = await readFile(stampFile, 'utf8').catch(() => '');
  if (stamp !== wanted) {
    const started = Date.now();
    const summary = await generateSampleCms({ outDir: dataDir, seed, now, ...(scale ? { scale } : {}) });
    await writeFile(stampFile, wanted);
    log(`[cms] generated sample content: ${summary.pagesPerLanguage} pages × ${summary.languages} languages, ${summary.products} products (${Date.now() - started} ms)`);
  }
  return dataDir;
}

export async function startEmbeddedCms(options: EmbeddedCmsOptions & { port?: number } = {}) {
  const dataDir = await ensureSampleContent(options);
  return startCmsServer({ dataDir, port: options.port ?? 0 });
}
