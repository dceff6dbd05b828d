/**
 * A store of the benchmarks' own: `npm start` as a child process on its own ports and
 * releases folder (a fresh commerce database in memory), so a bench never touches the store
 * a developer has running. Resolves once the home page answers.
 */
import { spawn } from 'node:child_process';

export interface BenchStore {
  url: string;
  stop: () => Promise<void>;
}

export async function startBenchStore(port = 4470): Promise<BenchStore> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: { ...process.env, PORT: String(port), SITE_URL: url, COMMERCE_DB: ':memory:', RELEASES_DIR: '.data/bench-releases' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`The bench store stopped before it served (exit ${code})`))),
  );
  const ready = (async () => {
    for (;;) {
      const answer = await fetch(`${url}/`).catch(() => null);
      if (answer?.ok) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  await Promise.race([ready, exited]);
  return {
    url,
    stop: async () => {
      child.removeAllListeners('exit');
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
