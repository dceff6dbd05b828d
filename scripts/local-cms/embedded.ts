/**
 * The embedded sample CMS, started on demand: generates the sample content when it is
 * missing, was generated for another day (its dates are relative to the day) or by another
 * version of the generator, then serves it.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateSampleCms } from './generate.ts';
import { startCmsServer, type CmsServerOptions } from './server.ts';

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
  const wanted = JSON.stringify({ seed, scale: scale ?? null, now, generator: await generatorDigest() });
  const stampFile = join(dataDir, '.generated.json');
  const stamp = await readFile(stampFile, 'utf8').catch(() => '');
  if (stamp !== wanted) {
    const started = Date.now();
    const summary = await generateSampleCms({ outDir: dataDir, seed, now, ...(scale ? { scale } : {}) });
    await writeFile(stampFile, wanted);
    log(
      `[cms] generated sample content: ${summary.pagesPerLanguage} pages × ${summary.languages} languages, ${summary.products} products (${Date.now() - started} ms)`,
    );
  }
  return dataDir;
}

/**
 * A digest of the generator's own source: a changed generator regenerates the content. Its
 * modules sit in subfolders too, the catalogue schema in the shared sample-data folder, and
 * the language and region tables it writes a copy set and a currency for.
 */
async function generatorDigest(): Promise<string> {
  const here = dirname(fileURLToPath(import.meta.url));
  const hash = createHash('sha256');
  for (const dir of [here, join(here, '..', 'sample-data')]) {
    for (const name of (await readdir(dir, { recursive: true })).filter((n) => n.endsWith('.ts')).sort())
      hash.update(name).update(await readFile(join(dir, name)));
  }
  for (const name of ['languages.ts', 'regions.ts'])
    hash.update(name).update(await readFile(join(here, '..', '..', 'src', 'lib', 'i18n', name)));
  return hash.digest('hex').slice(0, 16);
}

/** The edit API's webhook settings pass through: the publish service decides where they go. */
type EmbeddedServerOptions = Pick<CmsServerOptions, 'port' | 'webhookUrl' | 'webhookSecret' | 'editToken' | 'preview'>;

export async function startEmbeddedCms(options: EmbeddedCmsOptions & EmbeddedServerOptions = {}) {
  const dataDir = await ensureSampleContent(options);
  const { webhookUrl, webhookSecret, editToken, preview } = options;
  return startCmsServer({ dataDir, port: options.port ?? 0, webhookUrl, webhookSecret, editToken, preview });
}
