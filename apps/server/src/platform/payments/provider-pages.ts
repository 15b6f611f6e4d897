/** Items a provider's list answers in one page at the most (Razorpay's limit). */
export const PROVIDER_PAGE = 100;
/** At most this many pages one read (10,000 items): a longer list is read on the next run. */
const MAX_PAGES = 100;

/**
 * Every page of a provider's list (`GET /v1/payments`, `GET /v1/transfers`, …) from the first, until
 * a short page or MAX_PAGES; `whole` is false when the list was cut there, so nothing beyond it may be
 * called missing.
 */
export async function readAllPages<T>(
  page: (skip: number, count: number) => Promise<T[]>,
): Promise<{ items: T[]; whole: boolean }> {
  const items: T[] = [];
  for (let n = 0; n < MAX_PAGES; n++) {
    const got = await page(n * PROVIDER_PAGE, PROVIDER_PAGE);
    items.push(...got);
    if (got.length < PROVIDER_PAGE) return { items, whole: true };
  }
  return { items, whole: false };
}
