/**
 * A shop's name as the person reads it: its Tamil name in Tamil where the shop has given one, else
 * the name it trades under. One rule for every screen, so a Tamil sentence never carries the English
 * name of a shop that has a Tamil one.
 */
export function shopNameIn(
  shop: { brandName: string; brandNameTa?: string | null },
  language: string | undefined,
): string {
  return (language === 'ta' && shop.brandNameTa) || shop.brandName;
}
