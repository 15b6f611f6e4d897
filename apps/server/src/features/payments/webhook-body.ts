import { z } from 'zod';

/** The parts of Razorpay's webhook body Petti reads (testpay sends the same shape). */
const paymentEntity = z.object({
  id: z.string().min(1),
  order_id: z.string().min(1).nullish(),
  amount: z.number().int(),
  method: z.string().nullish(),
  amount_refunded: z.number().int().nullish(),
  error_code: z.string().nullish(),
  error_description: z.string().nullish(),
});

export const webhookBodySchema = z.object({
  event: z.string().min(1).max(100),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      refund: z.object({ entity: z.object({ id: z.string().min(1), amount: z.number().int() }) }).optional(),
    })
    .default({}),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;
export type WebhookPaymentEntity = z.infer<typeof paymentEntity>;
