import type { EarlyRequest } from './early-requests.ts';
import { EARLY_REQUESTS } from './early-requests-name.ts';

/**
 * Lets go of the early answers no one took (the screen drawn needed less than was guessed, as an
 * empty cart needs no addresses; docs/performance.md#early-requests): an unread body holds its
 * request open, and the memory. Apart from early-requests.ts so that the app's root, which calls it,
 * does not bring the API client's modules into the entry.
 */
export function dropEarlyResponses(
  scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
): void {
  const early = scope[EARLY_REQUESTS] as Record<string, EarlyRequest> | undefined;
  if (!early) return;
  for (const [url, made] of Object.entries(early)) {
    delete early[url];
    made.response.then((r) => r.body?.cancel()).catch(() => undefined);
  }
}
