import { journeys } from './journeys/index.ts';
import { runJourneys } from './runner.ts';

/**
 * Browser journeys against the built app: `npm run test:browser` builds it and runs this.
 * `node --import tsx tools/e2e/run.ts offline` runs only the journeys whose name contains "offline".
 */
const filter = process.argv.slice(2).join(' ') || process.env.E2E_GREP || undefined;
const { passed, failed } = await runJourneys(journeys, { filter });
console.log(`${passed} passed, ${failed} failed`);
// A run that checked nothing has not passed.
process.exit(failed > 0 || passed === 0 ? 1 : 0);
