import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { checkPhone, PHONE_INPUT_PATTERN, PHONE_MAX_INPUT, PHONE_MESSAGE } from '../rules/phone.ts';

export { PHONE_MESSAGE };

export const phoneSchema = z
  .string()
  .transform((v, ctx) => {
    const checked = checkPhone(v);
    if ('message' in checked) {
      ctx.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    }
    return checked.wire;
  })
  .meta({
    pattern: PHONE_INPUT_PATTERN,
    maxLength: PHONE_MAX_INPUT,
    description:
      'An Indian mobile number: 10 digits from 6–9, optionally after +91 or 91; spaces and hyphens are ignored.',
    examples: ['9876543210'],
  });

/** The HTML form's rule for an e-mail address: no domain label starts or ends with a hyphen. */
export const emailSchema = z
  .email({ pattern: z.regexes.html5Email, error: 'Invalid email address' })
  .max(254, 'Invalid email address');

export const nameSchema = z
  .string()
  .trim()
  .min(1, 'Enter your name')
  .max(80, 'Name must be at most 80 characters');

export const codeSchema = z.string().regex(/^\d{6}$/, 'The code is 6 digits');

export const signUpBody = z.strictObject({
  phone: phoneSchema,
  name: nameSchema,
  email: emailSchema.optional(),
});

export const confirmSignUpBody = z.strictObject({ phone: phoneSchema, code: codeSchema });

export const resendCodeBody = z.strictObject({
  phone: phoneSchema,
  /** With a sign-in challenge's session the code is re-sent for that challenge; without, for sign-up. */
  session: z.string().min(1).max(200).optional(),
});

export const signInBody = z.strictObject({ phone: phoneSchema });

/**
 * `answer` may be empty here so `EmptyChallengeResponse` (docs/product.md#sign-up-and-sign-in-steps) can be
 * given.
 */
export const confirmSignInBody = z.strictObject({
  phone: phoneSchema,
  session: z.string().max(200).optional(),
  answer: z.string().max(20),
});

export const refreshBody = z.strictObject({ refreshToken: z.string().min(1).max(200) });

export const signOutBody = z.strictObject({
  global: z.boolean().optional(),
  refreshToken: z.string().min(1).max(200).optional(),
});

export const notificationPrefsSchema = z.strictObject({
  bookings: z.boolean(),
  orders: z.boolean(),
  offers: z.boolean(),
});

export const updateMeBody = z.strictObject({
  name: nameSchema.optional(),
  email: emailSchema.nullable().optional(),
  language: z.enum(LANGUAGES).optional(),
  notificationPrefs: notificationPrefsSchema.partial().optional(),
});

export const codeDeliveryDetailsSchema = z.object({
  deliveryMedium: z.literal('SMS'),
  destination: z.string(),
  attributeName: z.literal('phone_number'),
});

export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  clientId: z.string(),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const SIGN_UP_STEPS = ['CONFIRM_SIGN_UP', 'COMPLETE_AUTO_SIGN_IN', 'DONE'] as const;
export const signUpResultSchema = z.object({
  isSignUpComplete: z.boolean(),
  nextStep: z.object({
    signUpStep: z.enum(SIGN_UP_STEPS),
    codeDeliveryDetails: codeDeliveryDetailsSchema.optional(),
  }),
  userId: z.string(),
  tokens: tokensSchema.optional(),
});
export type SignUpResult = z.infer<typeof signUpResultSchema>;

export const challengeInfoSchema = z.object({
  attemptsLeft: z.number().int(),
  expiresAt: z.string(),
  resendAfter: z.string(),
  codeDeliveryDetails: codeDeliveryDetailsSchema,
  /** Set when the previous answer was wrong. */
  error: z.enum(['CodeMismatch']).optional(),
});

export const SIGN_IN_STEPS = ['CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', 'DONE'] as const;
export const signInResultSchema = z.object({
  isSignedIn: z.boolean(),
  nextStep: z.object({
    signInStep: z.enum(SIGN_IN_STEPS),
    additionalInfo: challengeInfoSchema.optional(),
  }),
  session: z.string().optional(),
  userId: z.string().optional(),
  tokens: tokensSchema.optional(),
});
export type SignInResult = z.infer<typeof signInResultSchema>;

export const meSchema = z.object({
  id: z.string(),
  phone: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  language: z.enum(LANGUAGES),
  notificationPrefs: notificationPrefsSchema,
  complexId: z.string().nullable(),
  block: z.string().nullable(),
  flat: z.string().nullable(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof meSchema>;
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;
