/**
 * The yardstick of the build benchmark: a bare Astro project with the same number of pages,
 * each a small HTML page with a title and a paragraph, built by Astro alone. What our build
 * adds beyond that is the cost of the content, the route table, the islands and the release.
 * Built in a child process, so its time and memory are its own.
 */
import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const PAGE = `---
export function getStaticPaths() {
  return Array.from({ length: Number(process.env.BARE_PAGES) }, (_, i) => ({ params: { slug: \`page-\${i}\` }, props: { i } }));
}
const { i } = Astro.props;
---
<html lang="en"><head><meta charset="utf-8" /><title>Page {i}</title></head>
<body><h1>Page {i}</h1><p>A page of the bare project, number {i}.</p></body></html>
`;

export interface BareBuild {
  ms: number;
  /** CPU time (ms) of the build, every thread, in user space and in the kernel. */
  userMs: number;
  systemMs: number;
  peakMiB: number;
}

/** Builds `pages` bare pages under `root` (inside the repository, so `astro` resolves); resolves with its times and peak memory (MiB). */
export async function buildBareAstro(root: string, pages: number): Promise<BareBuild> {
  const dir = resolve(root);
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'src', 'pages'), { recursive: true });
  await writeFile(join(dir, 'src', 'pages', '[slug].astro'), PAGE);
  await writeFile(join(dir, 'astro.config.mjs'), `export default { logLevel: 'error' };\n`);
  const script = `
    const { build } = await import('astro');
    const t = performance.now();
    const cpu = process.cpuUsage();
    await build({ root: ${JSON.stringify(dir)}, logLevel: 'error' });
    const { user, system } = process.cpuUsage(cpu);
    const ms = performance.now() - t;
    console.log(JSON.stringify({ ms, userMs: user / 1000, systemMs: system / 1000, peakMiB: process.resourceUsage().maxRSS / 1024 }));
  `;
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, BARE_PAGES: String(pages) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('{')) ok(JSON.parse(last) as BareBuild);
      else fail(new Error(`The bare Astro build failed (exit ${code}): ${out.slice(-500)}`));
    });
  });
}
