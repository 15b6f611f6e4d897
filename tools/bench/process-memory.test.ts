import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { treeMemory } from './process-memory.ts';

describe.runIf(process.platform === 'linux')('the memory of a process tree', () => {
  it('counts a process and the one it started, each and summed, shared pages once in PSS', async () => {
    // A process that starts another and waits: the tree the bench counts for the server and its database.
    const parent = spawn(
      process.execPath,
      [
        '-e',
        "require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' }); setInterval(() => {}, 1000)",
      ],
      // A group of its own, so both go at the end.
      { stdio: 'ignore', detached: true },
    );
    try {
      // Both started: the second is in the tree from its fork, and Node's own once it has begun.
      const started = (t: ReturnType<typeof treeMemory>) =>
        t !== null && t.processes.length === 2 && t.processes.every((p) => p.rssMb > 10);
      let tree = treeMemory(parent.pid!);
      for (let i = 0; i < 50 && !started(tree); i++) {
        await new Promise((r) => setTimeout(r, 100));
        tree = treeMemory(parent.pid!);
      }
      expect(tree!.processes.map((p) => p.command)).toEqual(['node', 'node']);
      for (const p of tree!.processes) {
        expect(p.rssMb).toBeGreaterThan(10);
        expect(p.pssMb).toBeLessThan(p.rssMb);
      }
      expect(tree!.rssMb).toBeCloseTo(tree!.processes[0]!.rssMb + tree!.processes[1]!.rssMb, 5);
      expect(tree!.pssMb).toBeLessThan(tree!.rssMb);
    } finally {
      const exited = once(parent, 'exit');
      process.kill(-parent.pid!, 'SIGKILL');
      await exited;
    }
  });

  it('is null for a process that is not running', () => {
    expect(treeMemory(2 ** 22 + 7)).toBeNull();
  });
});
