import { ERRORS } from '@petti/shared/errors';
import { ERRORS_TA } from '@petti/shared/errors-ta';
import { codeSchema, emailSchema, nameSchema, PHONE_MESSAGE, signUpBody } from '@petti/shared/schemas/auth';
import { describe, expect, it } from 'vitest';
import { ApiError, parseApiError } from './api-error.ts';
import { errorText, fieldOf, stripField, VALIDATION_MESSAGES, validationText } from './error-text.ts';
import { fieldErrorsFrom } from './form-errors.ts';
import { commonEn as en } from './i18n/en.ts';
import { commonTa as ta } from './i18n/ta.ts';

/** A `t` over one language's strings, enough for these keys. */
const translator = (strings: typeof en) => (key: string, options?: { defaultValue?: string }) => {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], strings);
  if (typeof value === 'string') return value;
  if (options?.defaultValue !== undefined) return options.defaultValue;
  throw new Error(`missing ${key}`);
};
const tEn = translator(en);
const tTa = translator(ta);

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the shared schemas’ messages', () => {
  it('are all known, so Tamil speakers see them in Tamil', () => {
    const messages = [
      PHONE_MESSAGE,
      firstMessage(emailSchema.safeParse('nope')),
      firstMessage(nameSchema.safeParse('  ')),
      firstMessage(nameSchema.safeParse('x'.repeat(81))),
      firstMessage(codeSchema.safeParse('12')),
    ];
    for (const message of messages) expect(Object.keys(VALIDATION_MESSAGES)).toContain(message);
    // The English text is the schema's own.
    for (const [message, key] of Object.entries(VALIDATION_MESSAGES))
      expect(en.validation[key]).toBe(message);
  });

  it('become translated field errors', () => {
    const parsed = signUpBody.safeParse({ name: '', phone: '12345', email: 'x@' });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsFrom(parsed.error?.issues ?? [], tTa)).toEqual({
      name: ta.validation.nameRequired,
      phone: ta.validation.phone,
      email: ta.validation.email,
    });
    expect(fieldErrorsFrom(parsed.error?.issues ?? [], tEn).email).toBe('Invalid email address');
  });
});

describe('errorText', () => {
  it('gives the catalogue text of a code in the user’s language', () => {
    const error = parseApiError(404, { error: { code: 'UserNotFoundException', message: 'No account' } });
    expect(errorText(error, tEn, 'en')).toBe(ERRORS.UserNotFoundException.en);
    expect(errorText(error, tTa, 'ta')).toBe(ERRORS_TA.UserNotFoundException);
  });

  it('falls back to the server’s message for a code it does not know', () => {
    const error = parseApiError(400, { error: { code: 'SomethingNew', message: 'Server says so' } });
    expect(errorText(error, tTa, 'ta')).toBe('Server says so');
  });

  it('translates a field error the server names, and keeps the precise English otherwise', () => {
    const phone = parseApiError(400, {
      error: { code: 'Validation', message: `body.phone: ${PHONE_MESSAGE}`, field: 'body.phone' },
    });
    expect(fieldOf(phone)).toBe('phone');
    expect(errorText(phone, tTa, 'ta')).toBe(ta.validation.phone);
    const other = parseApiError(400, {
      error: { code: 'Validation', message: 'This number is already confirmed. Please sign in.' },
    });
    expect(errorText(other, tEn, 'en')).toBe('This number is already confirmed. Please sign in.');
    expect(errorText(other, tTa, 'ta')).toBe(ERRORS_TA.Validation);
  });

  it('says "offline" for a network error while offline', () => {
    const error = new ApiError({ status: 0, code: 'NetworkError', message: 'x' });
    expect(errorText(error, tEn, 'en', false)).toBe(en.errors.offline);
    expect(errorText(error, tTa, 'ta', true)).toBe(ta.errors.network);
    expect(errorText(new Error('boom'), tEn, 'en')).toBe(en.errors.unknown);
  });

  it('strips the field the server puts before its message', () => {
    expect(stripField('body.email: Invalid email address')).toBe('Invalid email address');
    expect(stripField('Please wait 12 s before asking for another code.')).toBe(
      'Please wait 12 s before asking for another code.',
    );
    expect(validationText('body.name: Enter your name', tTa)).toBe(ta.validation.nameRequired);
  });
});

describe('messages for people', () => {
  const validation = (message: string) =>
    new ApiError({ status: 400, code: 'Validation', message, field: 'params.id' });

  it('never shows zod’s own wording; a sentence a person wrote stays', () => {
    const machine = validation('params.id: Too small: expected string to have >=10 characters');
    expect(errorText(machine, tEn, 'en')).toBe(ERRORS.Validation.en);
    expect(errorText(machine, tTa, 'ta')).toBe(ERRORS_TA.Validation);
    expect(errorText(validation('Invalid input: expected number, received string'), tEn, 'en')).toBe(
      ERRORS.Validation.en,
    );
    const human = validation('Every item must come from the chosen shop.');
    expect(errorText(human, tEn, 'en')).toBe('Every item must come from the chosen shop.');
  });

  it('says what was not found, in either language', () => {
    const missing = new ApiError({
      status: 404,
      code: 'ResourceNotFound',
      message: 'That product was not found.',
      details: { thing: 'product' },
    });
    expect(errorText(missing, tEn, 'en')).toBe('That product was not found.');
    expect(errorText(missing, tTa, 'ta')).toBe('அந்தப் பொருள் கிடைக்கவில்லை.');
    // Something the app does not know the name of: the catalogue's general sentence.
    const unknown = new ApiError({
      status: 404,
      code: 'ResourceNotFound',
      message: 'x',
      details: { thing: 'toString' },
    });
    expect(errorText(unknown, tTa, 'ta')).toBe(ERRORS_TA.ResourceNotFound);
    expect(errorText(unknown, tEn, 'en')).toBe(ERRORS.ResourceNotFound.en);
  });
});
