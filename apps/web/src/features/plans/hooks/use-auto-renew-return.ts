import type { ConfirmAutoRenewBody } from '@petti/shared/schemas/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { parseMandateReturn, stripCheckoutReturn } from '../../../lib/checkout/checkout-return.ts';
import { subscriptionsKey } from '../../../lib/plans/subscriptions.ts';
import { confirmAutoRenew } from '../api/plans-api.ts';

export interface AutoRenewReturn {
  state: 'none' | 'confirming' | 'on' | 'failed' | 'cancelled' | 'error';
  retry?: () => void;
}

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
          setOutcome({ state: 'on' });
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
    const { pathname, hash } = window.location;
    window.history.replaceState(
      window.history.state,
      '',
      `${pathname}${stripCheckoutReturn(window.location.search)}${hash}`,
    );
    if (parsed.kind === 'success') run(parsed.subscriptionId, parsed.body);
  }, [run]);

  return outcome;
}
