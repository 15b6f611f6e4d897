// Alerts outside the app: keeps the service worker's alert language in step and drops this browser's
// push subscription on sign-out (lib/push/push-client.ts).
import '../lib/push/push-client.ts';
import { LiveUpdates } from '../lib/realtime/live-updates.tsx';

/**
 * What only a signed-in person's app runs: the live connection with its toasts and fresh data, and
 * the browser's push subscription. A chunk of its own, so the sign-in screen's first visit does not
 * download it (docs/performance.md#first-screen-javascript-budgets).
 */
export default function SignedInServices() {
  return <LiveUpdates />;
}
