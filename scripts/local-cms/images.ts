/**
 * Sample images, drawn as SVG and rasterised with sharp at generation time (no downloads, no
 * text in the pictures). The SVG of every image is decided up front from the seeded random
 * streams, so the same seed always gives the same pixels; rendering then runs with bounded
 * concurrency.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Rng } from './random.ts';
import type { GarmentKind } from './taxonomy.ts';

export interface ImageJob {
  /** Root-relative media path, e.g. /media/products/L451000-01.jpg */
  path: string;
  width: number;
  height: number;
  format: 'jpeg' | 'png';
  svg: string;
}

// ---------------------------------------------------------------------------------------
// Colour helpers

function parseHex(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}
function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
/** Mixes hex colour a toward b by t (0..1). */
export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex(ca.map((c, i) => c + ((cb[i] ?? 0) - c) * t));
}
function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}
/** A colour for seams and outlines that stays visible on the garment colour. */
function detailColour(fill: string): string {
  return luminance(fill) < 0.25 ? mix(fill, '#ffffff', 0.3) : mix(fill, '#000000', 0.3);
}

// ---------------------------------------------------------------------------------------
// Garment silhouettes, drawn in an 800 x 1000 box

const NECK = 'M300 190 Q400 260 500 190';
const TEE =
  'M300 190 L225 215 L120 345 L200 410 L265 352 L265 840 L535 840 L535 352 L600 410 L680 345 L575 215 L500 190 Q400 260 300 190 Z';
const LONG =
  'M300 190 L225 215 L160 330 L110 770 L195 785 L265 440 L265 840 L535 840 L535 440 L605 785 L690 770 L640 330 L575 215 L500 190 Q400 260 300 190 Z';
const COAT =
  'M300 180 L225 205 L160 320 L105 790 L190 805 L262 440 L250 930 L550 930 L538 440 L610 805 L695 790 L640 320 L575 205 L500 180 Q400 250 300 180 Z';
const VEST = 'M300 190 L255 205 L250 330 Q285 370 285 440 L280 840 L520 840 L515 440 Q515 370 550 330 L545 205 L500 190 Q400 290 300 190 Z';
const TROUSERS = 'M285 140 L515 140 L545 900 L425 900 L400 390 L375 900 L255 900 Z';
const LEGGINGS = 'M305 140 L495 140 L500 900 L420 900 L400 380 L380 900 L300 900 Z';
const SHORTS = 'M280 260 L520 260 L560 590 L425 610 L400 420 L375 610 L240 590 Z';
const SKIRT = 'M315 200 L485 200 L610 820 Q400 870 190 820 Z';
const DRESS =
  'M330 140 L295 155 L285 310 Q305 370 300 430 L175 890 Q400 935 625 890 L500 430 Q495 370 515 310 L505 155 L470 140 Q400 215 330 140 Z';
const JUMPSUIT = 'M325 150 L290 165 L280 470 L250 900 L380 900 L400 540 L420 900 L550 900 L520 470 L510 165 L475 150 Q400 225 325 150 Z';
const BODYSUIT =
  'M320 210 L255 230 L180 330 L245 385 L290 350 L290 640 Q320 760 375 805 L425 805 Q480 760 510 640 L510 350 L555 385 L620 330 L545 230 L480 210 Q400 265 320 210 Z';
const ROMPER =
  'M320 180 L250 200 L185 310 L140 640 L210 655 L275 420 L275 620 L255 900 L380 900 L400 640 L420 900 L545 900 L525 620 L525 420 L590 655 L660 640 L615 310 L550 200 L480 180 Q400 240 320 180 Z';
const SOCK = 'M300 200 L410 200 L410 620 Q410 680 470 700 L590 735 Q640 760 615 815 Q600 840 560 840 L420 840 Q300 820 300 700 Z';

function body(d: string, fill: string, line: string): string {
  return `<path d="${d}" fill="${fill}" stroke="${line}" stroke-width="5" stroke-linejoin="round"/>`;
}
function seam(d: string, line: string, width = 4, dash = ''): string {
  return `<path d="${d}" fill="none" stroke="${line}" stroke-width="${width}" stroke-linecap="round"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`;
}
function buttons(x: number, ys: readonly number[], line: string, r = 8): string {
  return ys.map((y) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${line}"/>`).join('');
}
function lines(ys: readonly number[], x1: number, x2: number, line: string): string {
  return ys.map((y) => seam(`M${x1} ${y} L${x2} ${y}`, line, 3)).join('');
}

/** SVG elements of a garment of this kind in the 800 x 1000 box. */
export function garmentShapes(kind: GarmentKind, fill: string): string {
  const line = detailColour(fill);
  switch (kind) {
    case 'tee':
    case 'innerwear':
      return body(TEE, fill, line) + seam(NECK, line);
    case 'polo':
      return (
        body(TEE, fill, line) +
        seam('M340 195 L400 250 L370 275 Z M460 195 L400 250 L430 275 Z', line) +
        seam('M400 250 L400 380', line) +
        buttons(400, [300, 350], line)
      );
    case 'shirt':
      return (
        body(LONG, fill, line) +
        `<path d="M330 185 L400 255 L360 290 Z M470 185 L400 255 L440 290 Z" fill="${mix(fill, '#ffffff', 0.15)}" stroke="${line}" stroke-width="4"/>` +
        seam('M400 255 L400 840', line) +
        buttons(412, [330, 430, 530, 630, 730], line)
      );
    case 'knit':
      return (
        body(LONG, fill, line) +
        seam(NECK, line, 8) +
        lines([805, 820], 268, 532, line) +
        seam('M115 745 L195 760 M605 760 L685 745', line, 6)
      );
    case 'hoodie':
      return (
        `<path d="M295 200 Q285 70 400 70 Q515 70 505 200 Z" fill="${mix(fill, '#000000', 0.08)}" stroke="${line}" stroke-width="5"/>` +
        body(LONG, fill, line) +
        seam('M320 640 L480 640 L505 770 L295 770 Z', line) +
        seam('M380 230 L375 330 M420 230 L425 330', line, 3)
      );
    case 'fleece':
      return body(LONG, fill, line) + seam('M400 210 L400 840', line, 5) + seam('M350 190 L350 150 L450 150 L450 190', line);
    case 'lounge':
      return body(LONG, fill, line) + seam(NECK, line) + seam('M300 640 L360 640 L360 720 L300 720 Z', line, 3);
    case 'jacket':
      return (
        body(LONG, fill, line) +
        seam('M400 230 L400 840', line) +
        seam('M300 620 L360 620 M440 620 L500 620', line) +
        seam('M330 185 L400 300 L470 185', line)
      );
    case 'down':
      return (
        body(LONG, fill, line) +
        seam('M400 230 L400 840', line) +
        lines([330, 420, 510, 600, 690, 780], 268, 532, line) +
        seam('M175 420 L255 440 M140 560 L240 580 M125 680 L225 700 M545 440 L625 420 M560 580 L660 560 M575 700 L675 680', line, 3)
      );
    case 'vest':
      return body(VEST, fill, line) + seam('M400 290 L400 840', line) + lines([400, 500, 600, 700, 790], 288, 512, line);
    case 'coat':
      return (
        body(COAT, fill, line) +
        seam('M320 185 L390 430 L350 300 Z M480 185 L410 430 L450 300 Z', line) +
        seam('M400 430 L400 930', line) +
        buttons(360, [500, 620, 740], line) +
        buttons(440, [500, 620, 740], line)
      );
    case 'trousers':
      return (
        body(TROUSERS, fill, line) +
        lines([180], 287, 513, line) +
        seam('M400 180 L400 390', line, 3) +
        seam('M300 190 Q330 250 300 300 M500 190 Q470 250 500 300', line, 3)
      );
    case 'jeans':
      return (
        body(TROUSERS, fill, line) +
        lines([180], 287, 513, line) +
        seam('M400 180 L400 390', line, 3, '10 8') +
        seam('M300 190 Q340 260 290 290 M500 190 Q460 260 510 290', line, 3, '10 8') +
        seam('M265 860 L415 860 M385 860 L535 860', line, 3, '10 8')
      );
    case 'leggings':
      return body(LEGGINGS, fill, line) + lines([175], 306, 494, line);
    case 'shorts':
      return body(SHORTS, fill, line) + lines([295], 282, 518, line) + seam('M400 295 L400 420', line, 3);
    case 'skirt':
      return (
        body(SKIRT, fill, line) + lines([240], 310, 490, line) + seam('M350 245 L290 830 M400 245 L400 845 M450 245 L510 830', line, 3)
      );
    case 'dress':
      return body(DRESS, fill, line) + seam('M300 430 Q400 450 500 430', line) + seam('M330 140 Q400 215 470 140', line);
    case 'jumpsuit':
      return body(JUMPSUIT, fill, line) + seam('M282 470 Q400 490 518 470', line) + seam('M400 225 L400 540', line, 3);
    case 'bodysuit':
      return (
        body(BODYSUIT, fill, line) +
        seam('M320 210 Q400 265 480 210', line) +
        buttons(400, [770, 790], line, 6) +
        buttons(400, [290, 330], line, 6)
      );
    case 'romper':
      return body(ROMPER, fill, line) + seam('M400 240 L400 640', line, 3) + buttons(400, [300, 380, 460, 540], line, 6);
    case 'hat':
      return (
        `<path d="M250 560 Q255 360 400 345 Q545 360 550 560 Z" fill="${fill}" stroke="${line}" stroke-width="5"/>` +
        `<ellipse cx="400" cy="570" rx="250" ry="55" fill="${mix(fill, '#000000', 0.06)}" stroke="${line}" stroke-width="5"/>` +
        `<path d="M255 520 Q400 545 545 520 L548 555 Q400 580 252 555 Z" fill="${line}"/>`
      );
    case 'bag':
      return (
        seam('M300 470 Q300 240 400 240 Q500 240 500 470', line, 22) +
        `<rect x="220" y="450" width="360" height="380" rx="44" fill="${fill}" stroke="${line}" stroke-width="5"/>` +
        seam('M220 560 Q400 640 580 560', line) +
        buttons(400, [600], line, 10)
      );
    case 'socks':
      return (
        `<g transform="translate(120 -60)" opacity="0.9">${body(SOCK, mix(fill, '#000000', 0.1), line)}</g>` +
        body(SOCK, fill, line) +
        lines([230, 255, 280], 302, 408, line)
      );
  }
}

// ---------------------------------------------------------------------------------------
// Whole pictures

const SVG_OPEN = (w: number, h: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`;

/** An 800 x 1000 product shot: the garment in its colour on a light studio background. */
export function productSvg(kind: GarmentKind, hex: string): string {
  return (
    SVG_OPEN(800, 1000) +
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f4f0"/><stop offset="1" stop-color="#e9e5de"/></linearGradient></defs>' +
    '<rect width="800" height="1000" fill="url(#bg)"/>' +
    '<ellipse cx="400" cy="950" rx="280" ry="26" fill="#000" opacity="0.07"/>' +
    garmentShapes(kind, hex) +
    '</svg>'
  );
}

/** A square category picture: the garment on a tinted background. */
export function categorySvg(kind: GarmentKind, hex: string, tint: string, size = 600): string {
  const scale = (size * 0.78) / 1000;
  const x = (size - 800 * scale) / 2;
  const y = (size - 1000 * scale) / 2;
  return (
    SVG_OPEN(size, size) +
    `<rect width="${size}" height="${size}" fill="${tint}"/>` +
    `<circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.36}" fill="#ffffff" opacity="0.45"/>` +
    `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(4)})">${garmentShapes(kind, hex)}</g>` +
    '</svg>'
  );
}

export interface ScenePalette {
  from: string;
  to: string;
  accents: readonly string[];
}

export const SCENE_PALETTES: readonly ScenePalette[] = [
  { from: '#efe6d8', to: '#d9c6a8', accents: ['#b8875a', '#f7f1e6', '#7a5238', '#e4d3b8'] },
  { from: '#dfe8ef', to: '#a9c6e0', accents: ['#2f5f9e', '#f4f8fb', '#1f2d4d', '#c9dbea'] },
  { from: '#e6eee5', to: '#b9dccb', accents: ['#3f6e4f', '#f3f8f4', '#66683c', '#d4e7da'] },
  { from: '#f5e4e2', to: '#e8b4bc', accents: ['#b8282f', '#fcf3f3', '#6b2233', '#f0cdd1'] },
  { from: '#ece9f3', to: '#c5b6e0', accents: ['#6c4f8c', '#f7f5fb', '#3d2f55', '#ddd3ee'] },
  { from: '#f6efd9', to: '#e9c84a', accents: ['#d9793a', '#fdf9ec', '#7a5238', '#f2de93'] },
  { from: '#e7e7e7', to: '#bdbdbd', accents: ['#1f1f1f', '#fafafa', '#7d7f83', '#d6d6d6'] },
];

export interface SceneOptions {
  width: number;
  height: number;
  palette: ScenePalette;
  /** Garments shown in the scene, side by side on the right. */
  garments?: readonly { kind: GarmentKind; hex: string }[];
  /** Outfit mode: the first garment above the second, centred (look pictures). */
  outfit?: boolean;
}

/** A campaign picture: gradient, soft shapes and optionally garments. No text. */
export function sceneSvg(rng: Rng, options: SceneOptions): string {
  const { width: w, height: h, palette } = options;
  const angle = rng.int(0, 3);
  const [x2, y2] = [
    [1, 0],
    [1, 1],
    [0, 1],
    [1, 0.4],
  ][angle] as [number, number];
  const parts: string[] = [
    SVG_OPEN(w, h),
    `<defs><linearGradient id="g" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
  ];
  const shapes = rng.int(4, 8);
  for (let i = 0; i < shapes; i++) {
    const colour = rng.pick(palette.accents);
    const opacity = (0.18 + rng.next() * 0.45).toFixed(2);
    const cx = Math.round(rng.next() * w);
    const cy = Math.round(rng.next() * h);
    const size = Math.round(Math.min(w, h) * (0.15 + rng.next() * 0.5));
    switch (rng.int(0, 2)) {
      case 0:
        parts.push(`<circle cx="${cx}" cy="${cy}" r="${size / 2}" fill="${colour}" opacity="${opacity}"/>`);
        break;
      case 1:
        parts.push(
          `<rect x="${cx - size / 2}" y="${cy - size / 3}" width="${size}" height="${Math.round(size / 1.5)}" rx="${Math.round(size / 10)}" fill="${colour}" opacity="${opacity}" transform="rotate(${rng.int(-30, 30)} ${cx} ${cy})"/>`,
        );
        break;
      default:
        parts.push(
          `<path d="M${cx - size} ${cy} Q${cx} ${cy - size} ${cx + size} ${cy}" fill="none" stroke="${colour}" stroke-width="${Math.max(6, Math.round(size / 14))}" opacity="${opacity}" stroke-linecap="round"/>`,
        );
    }
  }
  const garments = options.garments ?? [];
  if (options.outfit && garments.length >= 2) {
    const [top, bottom] = garments as [{ kind: GarmentKind; hex: string }, { kind: GarmentKind; hex: string }];
    const scale = (h * 0.5) / 1000;
    const x = (w - 800 * scale) / 2;
    parts.push(
      `<g transform="translate(${x.toFixed(1)} ${(h * 0.42).toFixed(1)}) scale(${scale.toFixed(4)})">${garmentShapes(bottom.kind, bottom.hex)}</g>`,
    );
    parts.push(
      `<g transform="translate(${x.toFixed(1)} ${(h * 0.04).toFixed(1)}) scale(${scale.toFixed(4)})">${garmentShapes(top.kind, top.hex)}</g>`,
    );
  } else if (garments.length > 0) {
    const scale = (h * 0.8) / 1000;
    const slot = 800 * scale * 0.85;
    const start = w * 0.62 - (slot * (garments.length - 1)) / 2 - (800 * scale) / 2;
    garments.forEach((garment, i) => {
      const x = Math.max(0, Math.min(w - 800 * scale, start + i * slot));
      parts.push(
        `<g transform="translate(${x.toFixed(1)} ${(h * 0.1).toFixed(1)}) scale(${scale.toFixed(4)})">${garmentShapes(garment.kind, garment.hex)}</g>`,
      );
    });
  }
  parts.push('</svg>');
  return parts.join('');
}

export type MarkKind = 'sold-out' | 'new' | 'limited';

/** A 120 x 120 transparent corner mark: shapes only. */
export function markSvg(kind: MarkKind): string {
  const open = SVG_OPEN(120, 120);
  switch (kind) {
    case 'sold-out':
      return `${open}<rect width="120" height="120" rx="10" fill="#3b3b3b" opacity="0.72"/><path d="M18 102 L102 18" stroke="#ffffff" stroke-width="10" stroke-linecap="round"/><circle cx="60" cy="60" r="38" fill="none" stroke="#ffffff" stroke-width="8"/></svg>`;
    case 'new':
      return `${open}<path d="M0 0 L120 0 L0 120 Z" fill="#2f6f4f"/><circle cx="34" cy="34" r="13" fill="#ffffff"/></svg>`;
    case 'limited':
      return `${open}<path d="M0 0 L120 0 L0 120 Z" fill="#b8282f"/><path d="M34 14 L50 34 L34 54 L18 34 Z" fill="#ffffff"/></svg>`;
  }
}

/** A small repeating linen-weave tile for TILE backgrounds. */
export function tileSvg(): string {
  const parts = [SVG_OPEN(80, 80), '<rect width="80" height="80" fill="#f6f1e7"/>'];
  for (let i = 0; i < 80; i += 8) {
    parts.push(`<path d="M0 ${i + 2} L80 ${i + 2}" stroke="#e6dccb" stroke-width="2" opacity="0.8"/>`);
    parts.push(`<path d="M${i + 5} 0 L${i + 5} 80" stroke="#ebe2d2" stroke-width="1.5" opacity="0.7"/>`);
  }
  parts.push('</svg>');
  return parts.join('');
}

/** A soft full-page background for FILL backgrounds. */
export function paperSvg(width: number, height: number): string {
  return (
    SVG_OPEN(width, height) +
    '<defs><radialGradient id="a" cx="0.2" cy="0.2" r="0.7"><stop offset="0" stop-color="#fbf8f2"/><stop offset="1" stop-color="#efe7da"/></radialGradient>' +
    '<radialGradient id="b" cx="0.85" cy="0.8" r="0.5"><stop offset="0" stop-color="#dfe8df" stop-opacity="0.9"/><stop offset="1" stop-color="#dfe8df" stop-opacity="0"/></radialGradient></defs>' +
    `<rect width="${width}" height="${height}" fill="url(#a)"/><rect width="${width}" height="${height}" fill="url(#b)"/>` +
    '</svg>'
  );
}

/** A 96 x 96 live-broadcast station icon. */
export function liveIconSvg(): string {
  return `${SVG_OPEN(96, 96)}<circle cx="48" cy="48" r="46" fill="#b8282f"/><circle cx="48" cy="48" r="16" fill="#ffffff"/><path d="M22 30 Q12 48 22 66 M74 30 Q84 48 74 66" fill="none" stroke="#ffffff" stroke-width="6" stroke-linecap="round"/></svg>`;
}

// ---------------------------------------------------------------------------------------
// Rendering

/**
 * Rendered bytes by job, kept for the life of the process: a second generation in the same
 * process (tests, the dev server regenerating) reuses them instead of rasterising again.
 * The key covers everything the bytes depend on, so a hit is always the same output.
 */
const rendered = new Map<string, Buffer>();

async function renderBuffer(job: ImageJob): Promise<Buffer> {
  const key = createHash('sha1').update(`${job.format}\u0000${job.width}x${job.height}\u0000${job.svg}`).digest('base64');
  const hit = rendered.get(key);
  if (hit) return hit;
  const base = sharp(Buffer.from(job.svg)).resize(job.width, job.height, { fit: 'fill' });
  const buffer =
    job.format === 'jpeg'
      ? await base.flatten({ background: '#ffffff' }).jpeg({ quality: 82, optimiseCoding: false }).toBuffer()
      : await base.png({ compressionLevel: 8 }).toBuffer();
  rendered.set(key, buffer);
  return buffer;
}

export async function renderImage(outDir: string, job: ImageJob): Promise<void> {
  const file = path.join(outDir, ...job.path.split('/').filter(Boolean));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await renderBuffer(job));
}

/** Runs tasks with at most `limit` in flight. */
export async function runPool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let index = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (index < items.length) {
      const item = items[index++] as T;
      await task(item);
    }
  });
  await Promise.all(workers);
}

export async function renderImages(outDir: string, jobs: readonly ImageJob[]): Promise<void> {
  sharp.cache(false);
  await runPool(jobs, Math.max(2, availableParallelism()), (job) => renderImage(outDir, job));
}
