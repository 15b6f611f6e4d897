/**
 * Looking a string up and filling it in: all the translation the app does (docs/decisions/0007).
 * Strings are nested objects of plain strings; `{{name}}` is filled from the options, and a `count`
 * picks the plural form the language's rules name (`key_one`, `key_other`), falling back to
 * `key_other`, then to `key` itself.
 */
export interface Strings {
  readonly [key: string]: string | Strings;
}

export interface TOptions {
  count?: number;
  /** Said when the key has no string (a value from the server the strings do not know). */
  defaultValue?: string;
  [name: string]: unknown;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function lookup(strings: Strings, key: string): string | undefined {
  let node: string | Strings | undefined = strings;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` replaced by `values.name`; a name without a value is left as written. */
export function interpolate(text: string, values: Record<string, unknown>): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

export function translate(strings: Strings, language: string, key: string, options: TOptions = {}): string {
  let text: string | undefined;
  if (typeof options.count === 'number') {
    text =
      lookup(strings, `${key}_${pluralCategory(language, options.count)}`) ?? lookup(strings, `${key}_other`);
  }
  text ??= lookup(strings, key) ?? options.defaultValue ?? key;
  return interpolate(text, options);
}
