/**
 * Writes the generated sample to outDir (the documents at their endpoint paths, the catalogue,
 * the images), then reads every document back and checks it against its schema.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CodedError } from '../../src/lib/errors.ts';
import { catalogueSchema, type Catalogue } from '../sample-data/catalogue-schema.ts';
import { renderImages, runPool, type ImageJob } from './images.ts';
import type { OutDoc } from './writers/writer.ts';

/** The file an endpoint is served from: the URL path, percent-decoded, under outDir. */
export function endpointFile(outDir: string, endpoint: string): string {
  return path.join(
    outDir,
    ...endpoint
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment)),
  );
}

export async function writeOutputs(
  outDir: string,
  docs: readonly OutDoc[],
  catalogue: Catalogue,
  images: readonly ImageJob[],
): Promise<void> {
  // Only the generator's own outputs are cleared, never the rest of outDir.
  await Promise.all(
    ['cms', 'media', '.resized', 'catalogue.json'].map((name) => rm(path.join(outDir, name), { recursive: true, force: true })),
  );
  await mkdir(outDir, { recursive: true });
  const madeDirs = new Set<string>();
  const writeJson = async (relative: string, data: unknown) => {
    const file = endpointFile(outDir, relative);
    const dir = path.dirname(file);
    if (!madeDirs.has(dir)) {
      madeDirs.add(dir);
      await mkdir(dir, { recursive: true });
    }
    await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  };
  // Directories first (sequentially, cheap), then files with bounded concurrency.
  for (const doc of docs) {
    const dir = path.dirname(endpointFile(outDir, doc.endpoint));
    if (!madeDirs.has(dir)) {
      madeDirs.add(dir);
      await mkdir(dir, { recursive: true });
    }
  }
  await runPool(docs, 32, (doc) => writeJson(doc.endpoint, doc.data));
  await writeJson('/catalogue.json', catalogue);
  await renderImages(outDir, images);
}

export async function validateOutputs(outDir: string, docs: readonly OutDoc[]): Promise<void> {
  const failures: string[] = [];
  await runPool(docs, 32, async (doc) => {
    const file = endpointFile(outDir, doc.endpoint);
    const result = doc.schema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (!result.success) {
      for (const issue of result.error.issues.slice(0, 5))
        failures.push(`${doc.endpoint} ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
  });
  const catalogueResult = catalogueSchema.safeParse(JSON.parse(await readFile(path.join(outDir, 'catalogue.json'), 'utf8')));
  if (!catalogueResult.success) {
    for (const issue of catalogueResult.error.issues.slice(0, 5))
      failures.push(`/catalogue.json ${issue.path.join('.')}: ${issue.message}`);
  }
  if (failures.length > 0) {
    failures.sort();
    throw new CodedError(
      'SAMPLE_SCHEMA_INVALID',
      `Generated sample CMS documents fail their schema (${failures.length} issues):\n  ${failures.slice(0, 30).join('\n  ')}`,
    );
  }
}
