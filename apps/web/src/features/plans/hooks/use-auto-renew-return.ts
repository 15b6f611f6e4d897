import type { ConfirmAutoRenewBody } from '@petti/shared/schemas/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { forgetCheckoutReturn, type PaymentReturn } from '../../../lib/checkout/checkout.ts';
import { parseMandateReturn } from '../../../lib/checkout/checkout-return.ts';
import { subscriptionsKey } from '../../../lib/plans/subscriptions.ts';
import { confirmAutoRenew } from '../api/plans-api.ts';

/** Where the authorisation stands once back (`paid`: automatic renewal is on), as a payment's does. */
export type AutoRenewReturn = Pick<PaymentReturn, 'state' | 'retry'>;

/**
 * On /subscribed after a mandate's authorisation (docs/payments.md#automatic-renewal): confirms what
 * the provider handed back (once, even under StrictMode's double effects), drops it from the address
 * so a reload does not repeat it, and reports how it went. Confirming twice would change nothing anyway.
 */
export function useAutoRenewReturn(): AutoRenewReturn {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<AutoRenewReturn>(() => {
    const parsed = parseMandateReturn(typeof window === 'undefined' ? '' : window.location.search);
    if (parsed.kind === 'none') return { state: 'none' };
    if (parsed.kind === 'error')
      return { state: parsed.error === 'payment_cancelled' ? 'cancelled' : 'failed' };
    return { state: 'confirming' };
  });
  const started = useRef(false);

  const run = useCallback(
    (subscriptionId: string, body: ConfirmAutoRenewBody) => {
      setOutcome({ state: 'confirming' });
      confirmAutoRenew(subscriptionId, body).then(
        () => {
          setOutcome({ state: 'paid' });
          void queryClient.invalidateQueries({ queryKey: subscriptionsKey });
        },
        () => setOutcome({ state: 'error', retry: () => run(subscriptionId, body) }),
      );
    },
    [queryClient],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const parsed = parseMandateReturn(window.location.search);
    if (parsed.kind === 'none') return;
    forgetCheckoutReturn();
    if (parsed.kind === 'success') run(parsed.subscriptionId, parsed.body);
  }, [run]);

  return outcome;
}
