import { GETTING_EVENTS } from '@petti/shared/events';
import type { LiveRequestBody } from '@petti/shared/schemas/live-requests';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { deviceSessionId } from '../device-session.ts';
import { type ConnectionState, deriveConnectionState } from './connection-state.ts';
import { live, liveBuffer } from './live.ts';
import type { LiveEvent } from './live-event.ts';

/**
 * Real-time events for the screens. Conventions every feature relies on:
 * - `useLiveEvents` hands each event to a screen with `fromThisDevice` (its SessionID is this
 *   device's `x-session-id`). The HTTP answer is the truth for the device that asked; the event is
 *   how the user's other devices (and timers, locker hardware, payment callbacks) tell this one.
 * - `LiveUpdates` (mounted once, in app/providers) shows a toast for each event that did not come
 *   from this device, invalidates the react-query keys ['notifications'] on every event and
 *   ['bookings'], ['payments'], ['subscriptions'], ['orders'], ['shops'] on the others, and re-broadcasts each
 *   event on `window` as the `gettingEvents` CustomEvent (docs/product.md#real-time-connection).
 */

export type { ConnectionState } from './connection-state.ts';
export { eventText, type LiveEvent } from './live-event.ts';
export type { QueuedRequest } from './offline-buffer.ts';

export interface LiveEventMeta {
  fromThisDevice: boolean;
}

export function isFromThisDevice(e: LiveEvent): boolean {
  return e.SessionID !== null && e.SessionID === deviceSessionId();
}

/** Calls `listener` with every event while the component is mounted (the latest listener is used). */
export function useLiveEvents(listener: (e: LiveEvent, meta: LiveEventMeta) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => live.subscribe((e) => latest.current(e, { fromThisDevice: isFromThisDevice(e) })), []);
}

/**
 * Listens to one more topic while the component is mounted (a shop's board topic, granted by the
 * broker to that shop's members only); its events reach `useLiveEvents` like the user's own.
 * `onRefused`: the broker would not let this user listen there (no longer a member).
 */
export function useLiveTopic(topic: string | null, onRefused?: () => void): void {
  const latest = useRef(onRefused);
  latest.current = onRefused;
  useEffect(() => (topic ? live.watch(topic, () => latest.current?.()) : undefined), [topic]);
}

/** The connection state (docs/product.md#real-time-connection), kept current. */
export function useLiveStatus(): ConnectionState {
  const facts = useSyncExternalStore(live.facts.subscribe, live.facts.getState, live.facts.getState);
  return deriveConnectionState(facts);
}

/**
 * Publishes a request over the live connection (a curbside check-in): at once when connected, else kept in
 * the offline buffer and sent when the connection is back. False when nobody is signed in.
 */
export function sendLiveRequest(body: LiveRequestBody): boolean {
  return live.request(body);
}

/** What waits in the offline buffer to be sent, kept current. */
export function usePendingRequests() {
  return useStore(liveBuffer.store, (s) => s.items);
}

// Every event also goes out as the `gettingEvents` window event, for anything listening outside React.
live.subscribe((e) => {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(GETTING_EVENTS, { detail: e }));
});
