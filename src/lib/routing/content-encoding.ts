/**
 * Which precompressed copy of a file to send for a request's Accept-Encoding (RFC 9110 §12.5.3):
 * the acceptable coding with the highest q-value, Brotli before gzip when they tie (it is
 * smaller), none when neither is acceptable. `*` stands for any coding not named; q=0 refuses.
 * Pure, so the local server and its tests share it.
 */
export type ContentCoding = 'br' | 'gzip';

/** In the order we prefer them. */
export const PRECOMPRESSED: ReadonlyArray<{ coding: ContentCoding; extension: string }> = [
  { coding: 'br', extension: '.br' },
  { coding: 'gzip', extension: '.gz' },
];

/** Text files the build writes compressed copies of (scripts/compress.ts). */
export const COMPRESSIBLE_FILE = /\.(?:html|js|mjs|css|svg|json|xml)$/;

export function chooseCoding(acceptEncoding: string | null | undefined, available: readonly ContentCoding[]): ContentCoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  let best: { coding: ContentCoding; weight: number } | null = null;
  for (const { coding } of PRECOMPRESSED) {
    if (!available.includes(coding)) continue;
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > 0 && (!best || weight > best.weight)) best = { coding, weight };
  }
  return best?.coding ?? null;
}
