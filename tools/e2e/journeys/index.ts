import type { Journey } from '../runner.ts';
import { accessibilityJourneys } from './accessibility.ts';
import { authJourneys } from './auth.ts';
import { helpJourneys } from './help.ts';
import { liveJourneys } from './live.ts';
import { lockerJourneys } from './lockers.ts';
import { marketplaceJourneys } from './marketplace.ts';
import { paymentJourneys } from './payments.ts';
import { shellJourneys } from './shell.ts';
import { tamilJourneys } from './tamil.ts';

/** Every journey file, in the order they run. A new file exports its list and is added here. */
export const journeys: Journey[] = [
  ...shellJourneys,
  ...authJourneys,
  ...paymentJourneys,
  ...lockerJourneys,
  ...liveJourneys,
  ...marketplaceJourneys,
  ...helpJourneys,
  ...tamilJourneys,
  ...accessibilityJourneys,
];
