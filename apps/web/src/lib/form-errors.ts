import { validationText } from './error-text.ts';
import type { CommonMessages } from './i18n/en.ts';

/** The part of a zod issue a form needs (kept structural so this file does not load zod). */
export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

type Translate = (
  key: `validation.${keyof CommonMessages['validation']}` | `errors.${keyof CommonMessages['errors']}`,
) => string;

/** The first issue of each field, translated: `{ phone: 'Enter a 10-digit…', email: 'Invalid email address' }`. */
export function fieldErrorsFrom<F extends string>(
  issues: readonly IssueLike[],
  t: Translate,
): FieldErrors<F> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = validationText(issue.message, t);
  }
  return errors as FieldErrors<F>;
}

/** Moves focus to the first field with an error, in the form's order. */
export function focusFirstError<F extends string>(
  errors: FieldErrors<F>,
  order: readonly F[],
  form: HTMLFormElement | null,
): void {
  const first = order.find((field) => errors[field]);
  if (!first || !form) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}
