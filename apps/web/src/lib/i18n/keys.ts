import type { TOptions } from './translate.ts';

/**
 * The app's strings as a type, for checking keys. lib/ cannot see every feature's strings, so the
 * app fills this in (app/i18n/messages.d.ts): `interface AppMessages { messages: Messages }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging from app/
export interface AppMessages {}

type Messages = AppMessages extends { messages: infer M } ? M : { [key: string]: unknown };

/** Every string's dotted path: `nav.cart`, `lockers.freeNow_one`, … */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A plural's forms are asked for by the bare key and a `count`: `lockers.freeNow`. */
type WithPluralBase<K extends string> =
  K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base | K : K;

export type MessageKey = WithPluralBase<Leaves<Messages>>;

export interface TFunction {
  (key: MessageKey, options?: TOptions): string;
  /** A key made from a value the strings may not know (a payment method from the server). */
  (key: string, options: TOptions & { defaultValue: string }): string;
}
