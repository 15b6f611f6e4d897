import { z } from 'zod';

/**
 * A date on the town's calendar, `YYYY-MM-DD`, that exists: a month 1–12 and a day that month has
 * (29 February only in a leap year). `2025-13-45` is refused at the edge with `Validation`, never
 * stored or handed to date arithmetic.
 */
export const townDate = z.iso.date({ message: 'A real date, YYYY-MM-DD' });
