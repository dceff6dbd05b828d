/**
 * '/c/W01.html' -> 'c/W01' (Astro adds .html back with build.format 'preserve');
 * '/press/2026/' -> 'press/2026/index' (a folder's index);
 * '/' -> undefined (the root index).
 */
export function routeParam(urlPath: string): string | undefined {
  const stem = urlPath.replace(/^\//, '').replace(/\/$/, '/index').replace(/\.html$/, '');
  return stem === '' || stem === 'index' ? undefined : stem;
}
