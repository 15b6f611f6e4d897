import { TOWN_UTC_OFFSET_MINUTES } from '@petti/shared/constants';
import { townDate, townMidnight } from '@petti/shared/rules/shop-hours';
import { MONEY_MAX_DAYS, type ShopMoney, type ShopMoneyQuery } from '@petti/shared/schemas/shop-money';
import { and, asc, eq, gte, inArray, lt, min } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { OrderLedgerReader } from './ports.ts';
import { orderStateLog, orders } from './schema.ts';

const DAY_MS = 86_400_000;
const nextDate = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * A shop's money (docs/shops.md#money): the orders paid in a span of town dates (when each became
 * `placed`), each with what the shopper paid, what went back to them so far, Petti's fees and what the
 * shop is owed. The figures are the money journal's (docs/payments.md#the-money-journal): what the
 * provider still holds of the order's payment, Petti's fees and the shop's share, as posted.
 */
export function createShopMoney(env: { db: Db; clock: Clock; ledger: OrderLedgerReader }) {
  const { db, clock } = env;
  return async function money(shopId: string, query: ShopMoneyQuery): Promise<ShopMoney> {
    const today = townDate(clock.now());
    const from = query.from ?? query.to ?? today;
    const to = query.to ?? from;
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    if (days < 0 || days >= MONEY_MAX_DAYS)
      throw new AppError('Validation', 'Choose up to 92 days, from before to.');
    const start = townMidnight(from);
    const end = townMidnight(nextDate(to));
    // When each of the shop's orders was paid: its `placed` entry on the timeline.
    const paid = await db
      .select({ orderId: orderStateLog.orderId, paidAt: min(orderStateLog.at) })
      .from(orderStateLog)
      .innerJoin(orders, eq(orders.id, orderStateLog.orderId))
      .where(and(eq(orders.sellerId, shopId), eq(orderStateLog.state, 'placed')))
      .groupBy(orderStateLog.orderId)
      .having(and(gte(min(orderStateLog.at), start), lt(min(orderStateLog.at), end)))
      .orderBy(asc(min(orderStateLog.at)));
    const rows = paid.length
      ? await db
          .select()
          .from(orders)
          .where(
            inArray(
              orders.id,
              paid.map((p) => p.orderId),
            ),
          )
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ledger = await env.ledger(
      db,
      rows.map((r) => r.id),
    );
    const list = paid.flatMap(({ orderId, paidAt }) => {
      const o = byId.get(orderId);
      if (!o || !paidAt) return [];
      // Credits are negative in the journal: what Petti keeps and what it owes the shop are their negatives.
      const books = ledger.get(orderId)?.payment ?? {};
      return [
        {
          orderId,
          paidAt: paidAt.toISOString(),
          deliveryType: o.deliveryType,
          state: o.state,
          paidPaise: o.totalPaise,
          refundedPaise: o.totalPaise - (books.provider ?? 0),
          pettiFeesPaise: -(books.petti_fees ?? 0) || 0,
          owedPaise: -(books.shop_payable ?? 0) || 0,
        },
      ];
    });
    const sum = (k: 'paidPaise' | 'refundedPaise' | 'pettiFeesPaise' | 'owedPaise') =>
      list.reduce((n, o) => n + o[k], 0);
    return {
      from,
      to,
      orders: list,
      totals: {
        orders: list.length,
        paidPaise: sum('paidPaise'),
        refundedPaise: sum('refundedPaise'),
        pettiFeesPaise: sum('pettiFeesPaise'),
        owedPaise: sum('owedPaise'),
      },
    };
  };
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

/** The report as CSV (a spreadsheet opens it): one row per order, town time, rupees. */
export function moneyCsv(report: ShopMoney): string {
  const local = (iso: string) => new Date(Date.parse(iso) + TOWN_UTC_OFFSET_MINUTES * 60_000).toISOString();
  const lines = [
    'date,time,order,delivery,state,paid_inr,refunded_inr,petti_fees_inr,owed_inr',
    ...report.orders.map((o) =>
      [
        local(o.paidAt).slice(0, 10),
        local(o.paidAt).slice(11, 16),
        o.orderId,
        o.deliveryType,
        o.state,
        rupees(o.paidPaise),
        rupees(o.refundedPaise),
        rupees(o.pettiFeesPaise),
        rupees(o.owedPaise),
      ].join(','),
    ),
    [
      'total',
      '',
      `${report.totals.orders} orders`,
      '',
      '',
      rupees(report.totals.paidPaise),
      rupees(report.totals.refundedPaise),
      rupees(report.totals.pettiFeesPaise),
      rupees(report.totals.owedPaise),
    ].join(','),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
