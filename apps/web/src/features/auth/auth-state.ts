import type { LoginState } from '../../lib/sign-in-guard.ts';
import { toMobileDigits } from './phone-input.ts';

/**
 * What the sign-in pages hand each other in the history state: the guard's `from` (where the
 * user was going) and a number to prefill. History state survives a reload, unlike memory.
 */
export interface AuthNavState extends Partial<LoginState> {
  /** 10-digit mobile number to prefill. */
  phone?: string;
}

export function readAuthState(state: unknown): AuthNavState {
  if (!state || typeof state !== 'object') return {};
  const { from, phone } = state as Record<string, unknown>;
  return {
    ...(typeof from === 'string' && { from }),
    ...(typeof phone === 'string' && toMobileDigits(phone) && { phone: toMobileDigits(phone) }),
  };
}
