/**
 * The unit layer does no I/O beyond reading the source (docs/architecture.md, "Tests"): a test
 * that starts a server, a process or nginx, or writes files, belongs in tests/integration,
 * where the runner expects it to be slow and to need the machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const UNIT = join(process.cwd(), 'tests/unit');

/** What only an integration test may do, each with the words a failure prints. */
const IO: ReadonlyArray<[RegExp, string]> = [
  [/from\s+['"]node:(child_process|http|https|net|http2|dgram|worker_threads)['"]/, 'imports a process or network module'],
  [/\b(mkdtemp|mkdtempSync|writeFile|writeFileSync|appendFile|rm|rmSync|mkdir|mkdirSync|symlink|unlink)\s*\(/, 'writes to the file system'],
  [/fixtures\/(nginx|servers?|release)\.ts/, 'starts a server fixture'],
  [/\.listen\s*\(/, 'listens on a port'],
];

function offences(source: string): string[] {
  return IO.filter(([pattern]) => pattern.test(source)).map(([, what]) => what);
}

describe('test layers', () => {
  it('finds each kind of I/O it forbids', () => {
    expect(offences(`import { spawn } from 'node:child_process';`)).toEqual(['imports a process or network module']);
    expect(offences(`await writeFile(join(dir, 'a'), 'x');`)).toEqual(['writes to the file system']);
    expect(offences(`server.listen(0);`)).toEqual(['listens on a port']);
    expect(offences(`import { readFileSync } from 'node:fs'; readFileSync('src/a.ts');`)).toEqual([]);
  });

  it('keeps tests/unit free of servers, processes and written files', () => {
    const found = readdirSync(UNIT)
      .filter((name) => name.endsWith('.test.ts') && name !== 'test-layers.test.ts')
      .flatMap((name) => offences(readFileSync(join(UNIT, name), 'utf8')).map((what) => `tests/unit/${name} ${what}`));
    expect(found).toEqual([]);
  });
});
