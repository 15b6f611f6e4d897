import type { ShopRole } from '@petti/shared/schemas/shops';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { answersWith } from './openapi.ts';
import { userOf } from './require-user.ts';

/** The caller's place in the shop named by the path, as the sellers feature found it. */
export interface ShopMemberOfRequest {
  shopId: string;
  userId: string;
  name: string;
  role: ShopRole;
  shop: { active: boolean };
}

declare module 'fastify' {
  interface FastifyRequest {
    shopMember: ShopMemberOfRequest | null;
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * preHandlers for routes that act for someone holding a role (docs/shops.md#roles), run after
 * `requireUser`: the role is read from its table on every request, so taking it away refuses the next
 * one. `shop(roles)` reads `:shopId` from the path; `operator` is one of Petti's own operators.
 */
export function makeRoleGuards(deps: {
  shopMember: (userId: string, shopId: string, roles: readonly ShopRole[]) => Promise<ShopMemberOfRequest>;
  isOperator: (userId: string) => Promise<boolean>;
}) {
  return {
    shop(roles: readonly ShopRole[] = ['owner', 'staff']): Guard {
      return answersWith<Guard>(
        async (request) => {
          const { shopId } = request.params as { shopId?: string };
          if (!shopId) throw new AppError('NotShopMember');
          request.shopMember = await deps.shopMember(userOf(request).userId, shopId, roles);
        },
        [403],
      );
    },
    operator: answersWith<Guard>(
      async (request) => {
        if (!(await deps.isOperator(userOf(request).userId))) throw new AppError('OperatorOnly');
      },
      [403],
    ),
  };
}

/** The member a guarded shop route acts for. */
export function shopMemberOf(request: FastifyRequest): ShopMemberOfRequest {
  if (!request.shopMember) throw new AppError('NotShopMember');
  return request.shopMember;
}

/** Steps that change a shop's orders are refused while an operator has switched the shop off. */
export function requireActiveShop(request: FastifyRequest): ShopMemberOfRequest {
  const member = shopMemberOf(request);
  if (!member.shop.active) throw new AppError('ShopInactive');
  return member;
}
