/**
 * '/c/W01.html' -> 'c/W01' (Astro adds .html back with build.format 'preserve');
 * '/' -> undefined (the root index).
 */
export function routeParam(urlPath: string): string | undefined {
  const stem = urlPath.replace(/^\//, '').replace(/\.html$/, '');
  return stem === '' || stem === 'index' ? undefined : stem;
}
