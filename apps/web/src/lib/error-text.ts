import type { Language } from '@petti/shared/constants';
import { useCallback } from 'react';
import { CLIENT_ERROR_CODES, isApiError } from './api-error.ts';
import type { CommonMessages } from './i18n/en.ts';
import { useTranslation } from './i18n/react.tsx';

/**
 * What to tell the user about a failure, in their language: the shared catalogue's text for the
 * error's code (packages/shared errors.ts), the app's own text for failures without an answer
 * (offline, timeout), a translated form rule for a field error, else the server's message.
 */

type ValidationKey = keyof CommonMessages['validation'];

/**
 * The shared zod schemas' messages (packages/shared schemas/auth.ts) and their keys under
 * `validation.*`. Spelled out here so the first screen does not load zod to translate them;
 * error-text.test.ts checks they still match the schemas.
 */
export const VALIDATION_MESSAGES: Record<string, ValidationKey> = {
  'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9': 'phone',
  'Invalid email address': 'email',
  'Enter your name': 'nameRequired',
  'Name must be at most 80 characters': 'nameTooLong',
  'The code is 6 digits': 'code',
};

type Translate = (key: `validation.${ValidationKey}` | `errors.${keyof CommonMessages['errors']}`) => string;

/**
 * The shared catalogue's sentence for a code or a missing thing, in the user's language: it comes
 * with the language's strings (lib/i18n `errorCodes`, `missingThing`), so English screens do not carry
 * the Tamil. Undefined for a code the catalogue does not know (the key is the server's, not typed).
 */
function catalogue(t: Translate, key: `errorCodes.${string}` | `missingThing.${string}`): string | undefined {
  const lookup = t as unknown as (key: string, options: { defaultValue: string }) => string;
  return lookup(key, { defaultValue: '' }) || undefined;
}

/** A form rule's message (from a zod issue or the server's `field: message`) in the user's language. */
export function validationText(message: string, t: Translate): string {
  const bare = stripField(message);
  const key = VALIDATION_MESSAGES[bare];
  return key ? t(`validation.${key}`) : bare;
}

/** `body.phone: Enter a…` → `Enter a…` (the server names the field before its message). */
export function stripField(message: string): string {
  const match = /^[\w.[\]]+: (.+)$/s.exec(message);
  return match?.[1] ?? message;
}

/** The form field a server error points at: `body.email` → `email`. */
export function fieldOf(error: unknown): string | undefined {
  if (!isApiError(error) || !error.field) return undefined;
  const parts = error.field.split('.');
  return (
    (parts[0] === 'body' || parts[0] === 'query' || parts[0] === 'params' ? parts[1] : parts[0]) || undefined
  );
}

/**
 * zod's own wording ("Too small: expected string to have >=10 characters"), written for developers:
 * never shown to people, who get the catalogue's sentence instead.
 */
const MACHINE_WORDING =
  /^(Too (small|big)|Invalid (input|string|option|type|enum|literal|format|element|key|union|value|date)|Expected |Unrecognized key|Required$)/i;

export function errorText(
  error: unknown,
  t: Translate,
  language: Language,
  online: boolean = typeof navigator === 'undefined' || navigator.onLine,
): string {
  if (!isApiError(error)) return t('errors.unknown');
  switch (error.code) {
    case CLIENT_ERROR_CODES.network:
      return online ? t('errors.network') : t('errors.offline');
    case CLIENT_ERROR_CODES.timeout:
      return t('errors.timeout');
    case CLIENT_ERROR_CODES.aborted:
      return t('errors.cancelled');
    case CLIENT_ERROR_CODES.badResponse:
      return t('errors.unknown');
  }
  // The server shed the request under load and said when to come back: busy, not broken.
  if (error.status === 503 && error.retryAfterMs !== undefined) return t('errors.busy');
  if (error.code === 'Validation') {
    const bare = stripField(error.message);
    if (VALIDATION_MESSAGES[bare]) return validationText(bare, t);
    // The server's English is more precise than the catalogue's "Some of the details are not valid.",
    // when a person wrote it.
    return language === 'en' && bare && !MACHINE_WORDING.test(bare)
      ? bare
      : (catalogue(t, 'errorCodes.Validation') ?? bare);
  }
  // "That product was not found." says what is missing; the catalogue's sentence cannot. The server names
  // the thing, so the sentence comes in the shopper's language.
  const thing = error.details.thing;
  const missing =
    error.code === 'ResourceNotFound' && typeof thing === 'string' && catalogue(t, `missingThing.${thing}`);
  if (missing) return missing;
  return catalogue(t, `errorCodes.${error.code}`) ?? (error.message || t('errors.unknown'));
}

/** `errorText` bound to the current language. */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.resolvedLanguage === 'ta' ? 'ta' : 'en';
  return useCallback((error: unknown) => errorText(error, t, language), [t, language]);
}
