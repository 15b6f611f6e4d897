import { z } from 'zod';

const escaped = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A query parameter of several values, comma-separated (`state=placed,accepted`), each one of
 * `values`; the document states it as a pattern.
 */
export const commaList = <const T extends readonly [string, ...string[]]>(values: T) => {
  const one = `\\s*(?:${values.map(escaped).join('|')})\\s*`;
  return z
    .string()
    .transform((v) => v.split(',').map((x) => x.trim()))
    .pipe(z.array(z.enum(values)).min(1))
    .meta({
      pattern: `^${one}(?:,${one})*$`,
      description: `One or more of ${values.join(', ')}, comma-separated.`,
    });
};
