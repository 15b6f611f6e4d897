import { z } from 'zod';

/** A query parameter of several values, comma-separated (`state=placed,accepted`), each checked by `item`. */
export const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((v) => v.split(',').map((x) => x.trim()))
    .pipe(z.array(item).min(1));
