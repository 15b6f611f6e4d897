import { z } from 'zod';

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }).catchall(z.unknown()),
});

/** The error answers every route may give, for the OpenAPI page. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
} as const;
