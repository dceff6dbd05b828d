/**
 * The image CDN resizes on the fly when a URL ends in `_r-{width}-{height}`.
 * The build writes srcsets with it; the local sample CMS implements it with sharp.
 */
import { DEFAULT_IMAGE_RESIZE } from '../constants.ts';

const RESIZE_SUFFIX = /_r-(\d+)-(\d+)$/;
/** Formats the CDN cannot resize: the URL is left alone. */
const NOT_RESIZABLE = /\.(svg|gif)$/i;

function splitUrl(url: string): { path: string; rest: string } {
  const cut = url.search(/[?#]/);
  return cut === -1 ? { path: url, rest: '' } : { path: url.slice(0, cut), rest: url.slice(cut) };
}

/** `size` is "{width}-{height}"; a height of 0 keeps the aspect ratio. */
export function withResizeSuffix(url: string, size: string = DEFAULT_IMAGE_RESIZE): string {
  if (!/^\d+-\d+$/.test(size)) throw new RangeError(`Image size must be "{width}-{height}", got "${size}"`);
  const { path, rest } = splitUrl(url);
  if (url.startsWith('data:') || RESIZE_SUFFIX.test(path) || NOT_RESIZABLE.test(path)) return url;
  return `${path}_r-${size}${rest}`;
}

export function parseResizeSuffix(path: string): { basePath: string; width: number; height: number } | null {
  const match = RESIZE_SUFFIX.exec(path);
  if (!match) return null;
  return { basePath: path.slice(0, match.index), width: Number(match[1]), height: Number(match[2]) };
}

/** Widths offered in srcsets of CMS images. */
export const RESPONSIVE_WIDTHS = [375, 750, 1080, 1500, 1920] as const;

/** A srcset at the given widths, heights following the aspect ratio (width / height). */
export function responsiveSrcset(url: string, aspectRatio: number, widths: readonly number[] = RESPONSIVE_WIDTHS): string {
  if (withResizeSuffix(url, '1-1') === url) return '';
  return widths.map((w) => `${withResizeSuffix(url, `${w}-${Math.round(w / aspectRatio)}`)} ${w}w`).join(', ');
}
