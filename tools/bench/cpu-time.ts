import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time used by processes of this machine, from Linux's /proc, so a benchmark can say where its
 * work went (its own load generator, the server, the database) on a machine it shares: how many
 * milliseconds of CPU one request cost each, whatever else was running (docs/performance.md#orders).
 */

/** Linux counts CPU time in /proc in ticks of 1/100 s (USER_HZ) on every architecture it runs Node on. */
const TICK_MS = 10;

export interface ProcStat {
  pid: number;
  ppid: number;
  command: string;
  cpuMs: number;
}

/** One process's line of /proc/<pid>/stat, or null when it has gone (or there is no /proc). */
function readStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command sits in parentheses and may hold spaces or parentheses itself: the fields after it
  // are counted from its last closing one (state is field 3, ppid 4, utime 14, stime 15).
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  const rest = text.slice(close + 2).split(' ');
  return {
    pid,
    ppid: Number(rest[1]),
    command: text.slice(open + 1, close),
    cpuMs: (Number(rest[11]) + Number(rest[12])) * TICK_MS,
  };
}

export function allStats(): ProcStat[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names.flatMap((n) => (/^\d+$/.test(n) ? [readStat(Number(n))].filter((s) => s !== null) : []));
}

/** The process `pid` and every process it started, and they started, from one reading of /proc. */
export function treeOf(stats: readonly ProcStat[], pid: number): Set<number> {
  const inTree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of stats)
      if (!inTree.has(s.pid) && inTree.has(s.ppid)) {
        inTree.add(s.pid);
        grew = true;
      }
  }
  return inTree;
}

/** CPU so far of a process and, apart, of its descendants (the server and its embedded database). */
function treeCpuMs(stats: readonly ProcStat[], pid: number): { own: number; descendants: number } | null {
  const root = stats.find((s) => s.pid === pid);
  if (!root) return null;
  const inTree = treeOf(stats, pid);
  const descendants = stats
    .filter((s) => s.pid !== pid && inTree.has(s.pid))
    .reduce((a, s) => a + s.cpuMs, 0);
  return { own: root.cpuMs, descendants };
}

/**
 * CPU so far, from one reading of /proc: the process `pid` and its descendants (`tree`, null when it
 * is not running or there is no /proc), every process of `command` summed (PostgreSQL's backends on
 * this machine), and this process's own (the load generator).
 */
export function cpuSnapshot(pid: number, command: string) {
  const stats = allStats();
  const { user, system } = process.cpuUsage();
  return {
    tree: treeCpuMs(stats, pid),
    command: stats.filter((s) => s.command === command).reduce((a, s) => a + s.cpuMs, 0),
    own: (user + system) / 1000,
  };
}
