/**
 * Netlify, as far as it can run here: `netlify dev` cannot start offline (it downloads a Deno
 * runtime for edge functions first), so this is a small server of ours around Netlify's own
 * published parts, wired the way netlify-cli wires them: @netlify/redirect-parser and
 * @netlify/headers-parser read the release's `_redirects` and `_headers`, and netlify-redirector
 * (the matcher `netlify dev` runs, Netlify's C++ redirect engine compiled to WebAssembly)
 * picks the rule. What is ours is the static part, done as Netlify documents it: a file that
 * exists is served unless the matching rule is forced; a 3xx rule redirects (the request's
 * query passed on); a 200 or 404 rule serves its target with that status; custom headers of
 * every matching rule, on the path served; Netlify's Content-Types; Pretty URLs off.
 *
 * It serves the folder an operator uploads to Netlify (`publishFolder`: the release less what
 * Netlify must not get), made beside the release with hard links, never the release itself.
 *
 *   npm run host -- netlify [--dir dist]                   serve a release as Netlify would
 *   node scripts/hosts/netlify.ts publish DIR [--out OUT]  make the folder to upload
 */
import { copyFile, link, mkdir, mkdtemp, readdir, realpath, rm, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { netlifyUploads } from '../../src/lib/routing/hosts/netlify.ts';
import type { ServeOnHost } from './host.ts';

/** The Content-Types Netlify sends for the files a release has. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=UTF-8',
  '.js': 'application/javascript; charset=UTF-8',
  '.mjs': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** What Netlify sends on a file no custom header names a Cache-Control for. */
const NETLIFY_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** A rule as @netlify/redirect-parser gives it. */
interface ParsedRedirect {
  from: string;
  query: Record<string, string>;
  conditions: Record<string, unknown>;
  signed?: string;
  [field: string]: unknown;
}
interface RedirectorMatch {
  to: string;
  status: number;
  force: boolean;
}
interface RedirectorRequest {
  scheme: string;
  host: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  getHeader(name: string): string;
  getCookie(name: string): string;
}
interface Redirector {
  parseJSON(rules: string, options: object): Promise<{ match(request: RedirectorRequest): RedirectorMatch | null }>;
}
/** A response: a file of the upload folder, or a short text. */
interface Answer {
  status: number;
  headers: Record<string, string>;
  file?: string;
  body?: string;
}
const redirector = createRequire(import.meta.url)('netlify-redirector') as Redirector;

/**
 * Makes `out` the folder to upload to Netlify: every file of `release` that `netlifyUploads`
 * keeps, hard-linked (copied across file systems). Returns how many files it has.
 */
export async function publishFolder(release: string, out: string): Promise<number> {
  const root = await realpath(release);
  let count = 0;
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await readdir(join(root, relative), { withFileTypes: true })) {
      const file = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (netlifyUploads(`${file}/x`)) await walk(file);
      } else if (entry.isFile() && netlifyUploads(file)) {
        await mkdir(join(out, relative), { recursive: true });
        await link(join(root, file), join(out, file)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EXDEV') throw error;
          return copyFile(join(root, file), join(out, file));
        });
        count++;
      }
    }
  };
  await mkdir(out, { recursive: true });
  await walk('');
  return count;
}

/** The rules Netlify would read in `folder`, in its matcher; a line its parsers refuse fails here rather than being skipped. */
export async function readNetlifyRules(folder: string) {
  const parsed = await parseAllRedirects({ redirectsFiles: [join(folder, '_redirects')], configRedirects: [], minimal: false });
  const headers = await parseAllHeaders({ headersFiles: [join(folder, '_headers')], configHeaders: [], minimal: false });
  const errors = [...parsed.errors, ...headers.errors].map((error: Error) => error.message);
  if (errors.length) throw new Error(`Netlify's parsers refuse the release's rules:\n${errors.join('\n')}`);
  // netlify-redirector names two fields differently and capitalises the conditions (netlify-cli renames them the same way).
  const rules = (parsed.redirects as ParsedRedirect[]).map(
    ({ from, query, conditions: { country, language, role, ...conditions }, signed: _signed, ...rest }) => ({
      ...rest,
      origin: from,
      params: query,
      conditions: {
        ...conditions,
        ...(role ? { Role: role } : {}),
        ...(country ? { Country: country } : {}),
        ...(language ? { Language: language } : {}),
      },
    }),
  );
  const matcher = await redirector.parseJSON(JSON.stringify(rules), {});
  return { matcher, redirectCount: rules.length, headerRules: headers.headers as Header[] };
}

/** The custom headers of every rule matching `path`; a later rule's value replaces an earlier one's, as netlify dev does. */
export function headersForPath(rules: readonly Header[], path: string, log: (line: string) => void = () => {}): Record<string, string> {
  const values: Record<string, string> = {};
  for (const rule of rules.filter((r) => r.forRegExp.test(path))) {
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase();
      // Netlify may join the values instead: either way it would be a rule the build must not write.
      if (key in values && values[key] !== value) log(`[netlify] ${path}: two _headers rules set ${name}`);
      values[key] = value;
    }
  }
  return values;
}

export const serve: ServeOnHost = async ({ dir, port, log = () => {} }) => {
  const folder = await mkdtemp(join(tmpdir(), 'netlify-publish-'));
  try {
    const files = await publishFolder(dir, folder);
    const { matcher, headerRules } = await readNetlifyRules(folder);
    log(`[netlify] serving the upload folder made from ${dir} (${files} files) at ${folder}`);
    const server = createServer((req, res) => {
      void answer(req).then(
        ({ status, headers, file, body }) => {
          res.writeHead(status, headers);
          if (req.method === 'HEAD') return void res.end();
          if (file) return void createReadStream(file).pipe(res);
          res.end(body);
        },
        (error: unknown) => {
          log(`[netlify] ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=UTF-8' });
          res.end('Internal error');
        },
      );
    });

    /**
     * The file of the upload folder Netlify serves at `path` (a URL path): the file itself, or a
     * folder's index at its slash form. Not `/x` as `x.html` or `x/index.html`: that is the
     * Pretty URLs setting, which we require off (netlify-cli always does it; docs/hosts/netlify.md).
     */
    const lookup = async (path: string): Promise<{ file: string; path: string } | null> => {
      const candidates = path.endsWith('/') ? [`${path}index.html`] : [path];
      for (const candidate of candidates) {
        const file = resolve(folder, `.${candidate}`);
        if (file !== folder && !file.startsWith(`${folder}${sep}`)) continue;
        const found = await stat(file).then(
          (s) => s.isFile(),
          () => false,
        );
        if (found) return { file, path: candidate };
      }
      return null;
    };

    const plain = (status: number, body: string): Answer => ({ status, body, headers: { 'content-type': 'text/plain; charset=UTF-8' } });

    const fileAnswer = async (found: { file: string; path: string }, status: number, headerPath: string): Promise<Answer> => ({
      status,
      file: found.file,
      headers: {
        'content-type': TYPES[extname(found.file)] ?? 'application/octet-stream',
        'cache-control': NETLIFY_CACHE_CONTROL,
        ...headersForPath(headerRules, headerPath, log),
        'content-length': String((await stat(found.file)).size),
      },
    });

    /** Netlify's own answer for a path nothing serves: the root 404.html, or its plain page. */
    const notFound = async () => {
      const page = await lookup('/404.html');
      if (page) return fileAnswer(page, 404, '/404.html');
      return plain(404, 'Not Found');
    };

    const answer = async (req: IncomingMessage): Promise<Answer> => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return plain(405, 'Method Not Allowed');
      if (!req.url?.startsWith('/')) return plain(400, 'Bad Request');
      const url = new URL(`http://netlify${req.url}`);
      let path: string;
      try {
        path = decodeURIComponent(url.pathname);
      } catch {
        return plain(400, 'Bad Request');
      }
      if (path.includes('\0')) return plain(400, 'Bad Request');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0]! : (value ?? '')]),
      );
      const match = matcher.match({
        scheme: 'http',
        host: url.hostname,
        path,
        query: url.search.slice(1),
        headers,
        getHeader: (name) => headers[name.toLowerCase()] ?? '',
        getCookie: () => '',
      });
      const found = await lookup(path);
      if (!match || (found && !match.force)) return found ? fileAnswer(found, 200, path) : notFound();
      const target = new URL(match.to, url);
      // A rule without a query of its own passes the request's on.
      if (!target.search) target.search = url.search;
      if (match.status >= 300 && match.status < 400) {
        const location = target.origin === url.origin ? `${target.pathname}${target.search}` : target.href;
        return { status: match.status, body: `Redirecting to ${location}`, headers: { location, 'cache-control': 'no-cache' } };
      }
      const destination = await lookup(decodeURIComponent(target.pathname));
      // Custom headers follow the file served, as netlify dev applies them after a rewrite.
      return destination ? fileAnswer(destination, match.status || 200, destination.path) : notFound();
    };

    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => done());
    });
    const address = server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    return {
      url: `http://127.0.0.1:${actual}`,
      close: async () => {
        await new Promise<void>((done) => server.close(() => done()));
        await rm(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
};

if (import.meta.main) {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { out: { type: 'string', default: 'netlify-publish' } } });
  const [command, release = 'dist'] = positionals;
  if (command !== 'publish') {
    console.error('node scripts/hosts/netlify.ts publish [RELEASE] [--out FOLDER]: makes the folder to upload to Netlify.');
    process.exit(1);
  }
  const out = resolve(values.out);
  const empty = await readdir(out).then(
    (entries) => entries.length === 0,
    () => true,
  );
  if (!empty) {
    console.error(`${out} is not empty: name a new folder with --out.`);
    process.exit(1);
  }
  const files = await publishFolder(release, out);
  console.log(`${out}: ${files} files to upload to Netlify (netlify deploy --dir ${out}), made from ${resolve(release)}.`);
}
