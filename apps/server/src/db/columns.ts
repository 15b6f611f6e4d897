import { jsonb, timestamp } from 'drizzle-orm/pg-core';

/** Text shown to users, in both of Petti's languages. */
export interface Localized {
  en: string;
  ta: string;
}

export const localized = (name: string) => jsonb(name).$type<Localized>();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
