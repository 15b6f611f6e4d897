import { useCallback, useEffect, useState } from 'react';
import { type AlertsState, alertsState, turnOffAlerts, turnOnAlerts } from './push-client.ts';

/** This browser's alerts state, and turning them on (from a tap) or off. */
export function useAlerts() {
  const [state, setState] = useState<AlertsState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void alertsState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const change = useCallback(async (on: boolean): Promise<AlertsState | null> => {
    setBusy(true);
    setFailed(false);
    try {
      const next = on ? await turnOnAlerts() : await turnOffAlerts();
      setState(next);
      return next;
    } catch {
      setFailed(true);
      return null;
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, failed, turnOn: () => change(true), turnOff: () => change(false) };
}
