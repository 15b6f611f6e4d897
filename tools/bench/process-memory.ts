import { readFileSync } from 'node:fs';
import { allStats, treeOf } from './cpu-time.ts';

/**
 * The memory of a process and every process it started (the server and the embedded database's
 * process), counted whole (docs/performance.md#memory). Each process's resident set (RSS) counts the
 * pages it shares with the others (Node's own code, mapped once by the kernel) again; the proportional
 * set (PSS) shares them out, so the PSS of a tree adds up to what it takes from the machine.
 */
export interface ProcessMemory {
  pid: number;
  command: string;
  rssMb: number;
  pssMb: number;
}

/** RSS and PSS of one process from /proc/<pid>/smaps_rollup, or null once it has gone. */
function memoryOf(pid: number): { rssMb: number; pssMb: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  } catch {
    return null;
  }
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { rssMb: kb('Rss') / 1024, pssMb: kb('Pss') / 1024 };
}

/** The process `pid` and its descendants, each with its memory, and their sums; null without /proc. */
export function treeMemory(pid: number): { processes: ProcessMemory[]; rssMb: number; pssMb: number } | null {
  const stats = allStats();
  if (!stats.some((s) => s.pid === pid)) return null;
  const inTree = treeOf(stats, pid);
  const processes = stats.flatMap((s) => {
    const memory = inTree.has(s.pid) ? memoryOf(s.pid) : null;
    return memory ? [{ pid: s.pid, command: s.command, ...memory }] : [];
  });
  return {
    processes,
    rssMb: processes.reduce((a, p) => a + p.rssMb, 0),
    pssMb: processes.reduce((a, p) => a + p.pssMb, 0),
  };
}
