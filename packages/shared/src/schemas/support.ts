import { z } from 'zod';

/**
 * `GET /api/support`: how to reach a person at Petti (from the server's configuration; docs/product.md#help).
 * Each is null when not configured. `phone` and `whatsapp` are in international form, `+91…`.
 */
export const supportContactsSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  whatsapp: z.string().nullable(),
});
export type SupportContacts = z.infer<typeof supportContactsSchema>;
