/**
 * What every host runner gives: a release served on a port by that host's own software (or,
 * for `local`, by ours), until closed. `npm run host -- <name>` (scripts/host.ts) and the host
 * matrix tests use the same runners, so what the tests prove is what an operator tries.
 */
export interface HostServeOptions {
  /** The release to serve: `dist/` or a release folder (a symlink to one is followed). */
  dir: string;
  /** 0 for any free port. */
  port: number;
  log?: (line: string) => void;
}

export interface RunningHost {
  /** Its origin, e.g. http://127.0.0.1:8788. */
  url: string;
  close(): Promise<void>;
}

/** Each runner module (scripts/hosts/{name}.ts) exports this. */
export type ServeOnHost = (options: HostServeOptions) => Promise<RunningHost>;
