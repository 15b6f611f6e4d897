import type { Journey } from '../runner.ts';
import { accessibilityJourneys } from './accessibility.ts';
import { alertJourneys } from './alerts.ts';
import { authJourneys } from './auth.ts';
import { cartLimitJourneys } from './cart-limits.ts';
import { complexJourneys } from './complex.ts';
import { firstScreenJourneys } from './first-screens.ts';
import { grabAndGoJourneys } from './grab-and-go.ts';
import { helpJourneys } from './help.ts';
import { htmlValidityJourneys } from './html-validity.ts';
import { liveJourneys } from './live.ts';
import { lockerSiteJourneys } from './locker-sites.ts';
import { lockerJourneys } from './lockers.ts';
import { mapJourneys } from './maps.ts';
import { moneyJourneys } from './money.ts';
import { offlineBrowsingJourneys } from './offline-browsing.ts';
import { offlineLockerJourneys } from './offline-lockers.ts';
import { operatorJourneys } from './operators.ts';
import { orderingJourneys } from './ordering.ts';
import { paymentJourneys } from './payments.ts';
import { pictureJourneys } from './pictures.ts';
import { sellingJourneys } from './selling.ts';
import { shellJourneys } from './shell.ts';
import { shopDayJourneys } from './shop-day.ts';
import { shopStockJourneys } from './shop-stock.ts';
import { shopJourneys } from './shops.ts';
import { tamilJourneys } from './tamil.ts';

/** Every journey file, in the order they run. A new file exports its list and is added here. */
export const journeys: Journey[] = [
  ...shellJourneys,
  ...firstScreenJourneys,
  ...authJourneys,
  ...paymentJourneys,
  ...lockerJourneys,
  ...liveJourneys,
  ...cartLimitJourneys,
  ...orderingJourneys,
  ...grabAndGoJourneys,
  ...shopJourneys,
  ...shopStockJourneys,
  ...shopDayJourneys,
  ...operatorJourneys,
  ...moneyJourneys,
  ...offlineLockerJourneys,
  ...lockerSiteJourneys,
  ...complexJourneys,
  ...sellingJourneys,
  ...pictureJourneys,
  ...mapJourneys,
  ...alertJourneys,
  ...offlineBrowsingJourneys,
  ...helpJourneys,
  ...tamilJourneys,
  ...accessibilityJourneys,
  ...htmlValidityJourneys,
];
