/**
 * Session events every feature may listen to (docs/product.md#sign-out: sign-out ends by emitting
 * `signedOut`). It lives in lib/ rather than features/auth because features never import each other, and the
 * carts, the real-time client and the query cache all need to forget the user on sign-out.
 */

import { log } from './log.ts';

export type SignedOutReason =
  /** The user signed out on this device. */
  | 'signedOut'
  /** The user signed out of every device. */
  | 'signedOutEverywhere'
  /** The session could not be renewed (refresh token revoked, expired or reused). */
  | 'expired'
  /** The account was deleted. */
  | 'deleted';

export interface AuthEventMap {
  signedOut: { reason: SignedOutReason };
  signedIn: { userId: string };
}

type Listener<K extends keyof AuthEventMap> = (payload: AuthEventMap[K]) => void;

export function createAuthEvents() {
  const listeners: { [K in keyof AuthEventMap]: Set<Listener<K>> } = {
    signedOut: new Set(),
    signedIn: new Set(),
  };
  return {
    /** Adds a listener; returns the function that removes it. */
    on<K extends keyof AuthEventMap>(event: K, listener: Listener<K>): () => void {
      listeners[event].add(listener);
      return () => {
        listeners[event].delete(listener);
      };
    },
    emit<K extends keyof AuthEventMap>(event: K, payload: AuthEventMap[K]): void {
      for (const listener of [...listeners[event]]) {
        try {
          listener(payload);
        } catch (error) {
          // One broken listener must not stop the others from forgetting the user.
          log.error(`a ${event} listener failed`, error);
        }
      }
    },
  };
}

export const authEvents = createAuthEvents();
