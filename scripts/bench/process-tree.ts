/**
 * What a process and everything it started use, read from /proc (Linux): the peak of their
 * summed resident memory, sampled, and the CPU time of the children this process waited for.
 * A build's own figures (process.resourceUsage) leave out the processes it starts.
 */
import { readdirSync, readFileSync } from 'node:fs';

const PAGE_BYTES = 4096;
/** Clock ticks a second of /proc's CPU times (USER_HZ; 100 on Linux). */
const TICKS = 100;

function parentOf(pid: string): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields after it are fixed.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? null;
  } catch {
    return null;
  }
}

function residentBytes(pid: string): number {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_BYTES;
  } catch {
    return 0; // gone between the listing and the read
  }
}

/** The summed resident memory (bytes) of `root` and its descendants now. */
export function treeResidentBytes(root: number): number {
  const children = new Map<string, string[]>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const parent = parentOf(pid);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  let total = 0;
  const queue = [String(root)];
  while (queue.length) {
    const pid = queue.pop()!;
    total += residentBytes(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Samples the tree under `root` every `intervalMs` until stopped; answers the peak (bytes). */
export function samplePeakMemory(root: number, intervalMs = 200): { stop(): number } {
  let peak = treeResidentBytes(root);
  const timer = setInterval(() => (peak = Math.max(peak, treeResidentBytes(root))), intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/** CPU time (ms) of this process's children that have ended and been waited for, and theirs: user and kernel. */
export function childrenCpuMs(): { user: number; system: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // After the name: state is field 3; cutime and cstime are fields 16 and 17.
  return { user: (Number(fields[13]) * 1000) / TICKS, system: (Number(fields[14]) * 1000) / TICKS };
}
