import { z } from 'zod';
import {
  PREP_MINUTES,
  REJECT_REASONS,
  type RejectReason,
  SHOP_BOARD_LANES,
  type ShopBoardLane,
} from '../rules/shop-board.ts';
import { phoneSchema } from './auth.ts';
import { commaList } from './comma-list.ts';
import { exitPassCheckBody } from './grab.ts';
import { OPS_ORDER_ACTIONS, ORDER_STATES, type OrderState, orderListSchema, orderSchema } from './orders.ts';

// Also here, beside the schemas they constrain, for the server and the shop's API to read with them.
export { PREP_MINUTES, REJECT_REASONS, type RejectReason, SHOP_BOARD_LANES, type ShopBoardLane };

/**
 * The shop's side of Petti (docs/shops.md): who works in a shop, the order board and the steps a
 * shop takes on an order. One set of schemas for the server's routes, the app and the shop simulator.
 */

/** An owner does everything; staff work the order board and exit checks (docs/shops.md#roles). */
export const SHOP_ROLES = ['owner', 'staff'] as const;
export type ShopRole = (typeof SHOP_ROLES)[number];

const id = z.string().trim().min(1).max(100);

export const shopParams = z.object({ shopId: id });
export const shopOrderParams = z.object({ shopId: id, id });
export const shopMemberParams = z.object({ shopId: id, phone: z.string().regex(/^91[6-9]\d{9}$/) });

/** A shop as its members see it in the picker and the board's header. */
export const shopSummarySchema = z.object({
  id: z.string(),
  brandName: z.string(),
  brandNameTa: z.string().nullable(),
  opensAt: z.string(),
  closesAt: z.string(),
  isOpen: z.boolean(),
  /** Switched off by an operator: nobody can order from it, and its members can only read. */
  active: z.boolean(),
  modes: z.array(z.string()),
});
export type ShopSummary = z.infer<typeof shopSummarySchema>;

/** `GET /api/shops/mine`: where someone works, for the profile menu and the shop picker. */
export const myShopsSchema = z.object({
  shops: z.array(z.object({ shop: shopSummarySchema, role: z.enum(SHOP_ROLES) })),
  /** One of Petti's operators: the profile menu offers the operators' screen. */
  operator: z.boolean(),
});
export type MyShops = z.infer<typeof myShopsSchema>;

export const shopMemberSchema = z.object({
  phone: z.string(),
  /** The member's name once they have signed up; null until then. */
  name: z.string().nullable(),
  role: z.enum(SHOP_ROLES),
  addedAt: z.string(),
  /** Has a Petti account with this number (a member without one sees the shop once they sign up). */
  signedUp: z.boolean(),
});
export type ShopMember = z.infer<typeof shopMemberSchema>;
export const shopMembersSchema = z.object({ members: z.array(shopMemberSchema) });

/** `POST /api/shops/:shopId/members`: the owner adds someone by phone (`91…` or 10 digits). */
export const addShopMemberBody = z.strictObject({
  phone: phoneSchema,
  role: z.enum(SHOP_ROLES).default('staff'),
});
export type AddShopMemberBody = z.input<typeof addShopMemberBody>;

/** Which lane an order is in (docs/shops.md#the-order-board). */
export function boardLane(
  order: { state: OrderState; scheduledFor: string | null },
  now: number,
): ShopBoardLane | null {
  if (order.state === 'awaiting_payment') return null;
  if (order.state === 'placed')
    return order.scheduledFor && Date.parse(order.scheduledFor) > now ? 'scheduled' : 'new';
  if (['delivered', 'collected', 'handed_over', 'cancelled', 'timed_out'].includes(order.state))
    return 'done';
  return 'active';
}

export const shopOrdersQuery = z.object({
  lane: z.enum(SHOP_BOARD_LANES).default('active'),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  after: z.string().min(1).max(100).optional(),
});
export type ShopOrdersQuery = z.input<typeof shopOrdersQuery>;

/** `GET /api/shops/mine/orders?lanes=new,active`: every shop the caller works in, in one answer. */
export const myShopOrdersQuery = z.object({
  lanes: commaList(SHOP_BOARD_LANES).default(['new', 'active']),
  pageSize: z.coerce.number().int().min(1).max(200).default(100),
});

/** What a line of the shop's timeline did: the state it reached, or a step that kept the state. */
export const SHOP_STEPS = [
  ...ORDER_STATES,
  'itemUnavailable',
  'substituteOffered',
  'proofPhoto',
  'note',
] as const;
export type ShopStep = (typeof SHOP_STEPS)[number];

/** One of the shop's orders, with who in the shop did each step. */
export const shopOrderSchema = orderSchema.extend({
  /** The buyer's name and phone, for the shop to call about this order. */
  buyer: z.object({ name: z.string(), phone: z.string() }),
  shopTimeline: z.array(
    z.object({
      state: z.enum(ORDER_STATES),
      /** What was done, for the board to say ("Substitute offered by Selvi"). */
      step: z.enum(SHOP_STEPS),
      at: z.string(),
      note: z.string().nullable(),
      by: z.string().nullable(),
    }),
  ),
});
export type ShopOrder = z.infer<typeof shopOrderSchema>;
export const shopOrderListSchema = orderListSchema.extend({ items: z.array(shopOrderSchema) });
export type ShopOrderList = z.infer<typeof shopOrderListSchema>;

/** How long the buyer has to accept or decline a substitute; no answer counts as declined. */
export const SUBSTITUTE_ANSWER_MINUTES = 10;

/** `POST /api/shops/:shopId/orders/:id/items/:vrntId/unavailable`: how many (default: all still coming). */
export const itemUnavailableBody = z
  .strictObject({ quantity: z.number().int().min(1).max(100).optional() })
  .default({});
/** `POST /api/shops/:shopId/orders/:id/items/:vrntId/substitute`: a variant of the shop's own. */
export const substituteBody = z.strictObject({
  substituteVrntId: z.string().min(1).max(100),
  quantity: z.number().int().min(1).max(100).optional(),
});
export const shopOrderItemParams = z.object({ shopId: id, id, vrntId: id });

export const acceptOrderBody = z.strictObject({
  prepMinutes: z.number().int().min(PREP_MINUTES.min).max(PREP_MINUTES.max).default(PREP_MINUTES.default),
});
export const rejectOrderBody = z.strictObject({
  reason: z.enum(REJECT_REASONS),
  note: z.string().trim().max(200).optional(),
});
export const shopStepBody = z
  .strictObject({
    note: z.string().trim().max(200).optional(),
    /** Home delivery: the buyer's 4-digit code, unless a proof photo was taken (docs/shops.md#hand-over). */
    code: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'The delivery code is 4 digits')
      .optional(),
  })
  .default({});

/** Wrong delivery codes allowed before only a photo will do. */
export const DELIVERY_CODE_TRIES = 3;

/**
 * The shop's steps after accepting, each a `POST /api/shops/:shopId/orders/:id/{step}`; accept and
 * reject have bodies of their own.
 */
const { accept: _accept, ...steps } = OPS_ORDER_ACTIONS;
export const SHOP_ORDER_STEPS = steps;
export type ShopOrderStep = keyof typeof SHOP_ORDER_STEPS;

/** `POST /api/shops/:shopId/exit-checks`: a grab-and-go exit pass, scanned (the QR token) or typed. */
export const shopExitCheckBody = exitPassCheckBody.omit({ sellerId: true });

// ------------------------------------------------------------------ seller applications (operators)

export const SELLER_APPLICATION_STATUSES = ['received', 'approved', 'refused'] as const;

/** A become-a-seller application as an operator reads it before approving. */
export const sellerApplicationViewSchema = z.object({
  id: z.string(),
  brandName: z.string(),
  ownerName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  categoryId: z.string(),
  address: z.string(),
  /** The pin the applicant dropped, if they did (without one the shop starts at the town centre). */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  modes: z.array(z.string()),
  message: z.string().nullable(),
  status: z.enum(SELLER_APPLICATION_STATUSES),
  createdAt: z.string(),
  /** The shop the approval created. */
  shopId: z.string().nullable(),
});
export type SellerApplicationView = z.infer<typeof sellerApplicationViewSchema>;
export const sellerApplicationListSchema = z.object({ applications: z.array(sellerApplicationViewSchema) });
export const sellerApplicationParams = z.object({ id });
export const sellerApplicationsQuery = z.object({
  status: z.enum(SELLER_APPLICATION_STATUSES).default('received'),
});

/** `PUT /api/ops/shops/:shopId/active`: an operator switches a shop off or on. */
export const shopActiveBody = z.strictObject({ active: z.boolean() });

/** `POST /api/ops/operators`: the ops token makes someone an operator (the first one's set-up). */
export const addOperatorBody = z.strictObject({ phone: phoneSchema });
