import { mkdir, writeFile } from 'node:fs/promises';

/** Writes `bench-results/<name>.json` (what `npm run bench` leaves behind) and says where. */
export async function writeReport(name: string, report: unknown): Promise<void> {
  await mkdir('bench-results', { recursive: true });
  await writeFile(`bench-results/${name}.json`, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`report: bench-results/${name}.json`);
}

/** Runs a benchmark's main; a failure ends the process with 1, so `npm run bench` says so. */
export function runBench(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

/** Where a screen's figures at an hour are in the Lighthouse report: `/login at 03:00`. */
export const lighthouseKey = (page: string, hour: string): string => `${page} at ${hour}`;
