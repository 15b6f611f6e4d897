import { EVENTS, NEW_SHOP, TOWN_CENTRE } from '@petti/shared';
import type { SellerApplicationView } from '@petti/shared/schemas/shops';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Transactor } from '../../platform/events/transactor.ts';
import type { UserEvents } from '../../platform/events/user-events.ts';
import { newId } from '../../platform/ids.ts';
import { type JobWorker, schedule } from '../../platform/jobs/worker.ts';
import type { SmsProvider } from '../../platform/sms/sms-provider.ts';
import { usersService } from '../users/index.ts';
import { sellerApplications, sellers } from './schema.ts';
import type { ShopMembers } from './shop-members.ts';

type ApplicationRow = typeof sellerApplications.$inferSelect;

/** The timer that texts an approved applicant, after the approval commits (no SMS inside it). */
export const SELLER_APPROVED_SMS = 'seller-approved-sms';

/** What the applicant reads: the shop is theirs, and how to open it (they may have no account yet). */
export function approvedText(brandName: string, appUrl: string): string {
  return (
    `${brandName} is approved on Petti. Sign in at ${appUrl} with this number and open "My shop" to add your ` +
    `products, hours, pin and bank account. - Petti\n` +
    `${brandName} Petti-யில் ஏற்கப்பட்டது. இந்த எண்ணுடன் உள்நுழைந்து "என் கடை" திறக்கவும். - Petti`
  );
}

/** `Sri Murugan Stores` → `sri-murugan-stores-4f2a`: readable in links, unique by its tail. */
function shopIdFor(brandName: string): string {
  const slug = brandName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${slug || 'shop'}-${newId().slice(0, 4)}`;
}

function view(r: ApplicationRow): SellerApplicationView {
  return {
    id: r.id,
    brandName: r.brandName,
    ownerName: r.ownerName,
    phone: r.phone,
    email: r.email,
    categoryId: r.categoryId,
    address: r.address,
    lat: r.lat,
    lng: r.lng,
    modes: r.modes,
    message: r.message,
    status: r.status as SellerApplicationView['status'],
    createdAt: r.createdAt.toISOString(),
    shopId: r.shopId,
  };
}

/**
 * An operator decides become-a-seller applications: approving creates the shop from what the
 * applicant wrote and makes the applicant its owner, in one transaction.
 */
export function createSellerApprovals(deps: {
  db: Db;
  clock: Clock;
  transactor: Transactor;
  userEvents: UserEvents;
  members: ShopMembers;
  forgetSellers: () => void;
  jobs: JobWorker;
  sms: SmsProvider;
  /** Where the app is, for the text (PUBLIC_URL). */
  appUrl: string;
}) {
  const { db, clock, transactor } = deps;
  deps.jobs.register({
    leased: {
      [SELLER_APPROVED_SMS]: async (timer) => {
        const [app] = await db
          .select()
          .from(sellerApplications)
          .where(eq(sellerApplications.id, String(timer.data.applicationId)));
        if (app?.status !== 'approved') return;
        await deps.sms.send({
          to: app.phone,
          body: approvedText(app.brandName, deps.appUrl),
          purpose: 'alert',
        });
      },
    },
  });

  async function lockUndecided(tx: Parameters<Parameters<Transactor['run']>[0]>[0], id: string) {
    const [row] = await tx
      .select()
      .from(sellerApplications)
      .where(eq(sellerApplications.id, id))
      .for('update');
    if (!row) throw notFound('application');
    if (row.status !== 'received')
      throw new AppError('SellerApplicationDecided', undefined, { details: { status: row.status } });
    return row;
  }

  return {
    async list(status: SellerApplicationView['status']): Promise<SellerApplicationView[]> {
      const rows = await db
        .select()
        .from(sellerApplications)
        .where(eq(sellerApplications.status, status))
        .orderBy(desc(sellerApplications.createdAt))
        .limit(200);
      return rows.map(view);
    },

    async approve(id: string, decidedBy: string): Promise<SellerApplicationView> {
      const now = clock.now();
      const row = await transactor.run(async (tx, fx) => {
        const app = await lockUndecided(tx, id);
        const shopId = shopIdFor(app.brandName);
        await tx.insert(sellers).values({
          id: shopId,
          brandName: app.brandName,
          categoryId: app.categoryId,
          address: app.address,
          lat: app.lat ?? TOWN_CENTRE.lat,
          lng: app.lng ?? TOWN_CENTRE.lng,
          rangeKm: NEW_SHOP.rangeKm,
          opensAt: NEW_SHOP.opensAt,
          closesAt: NEW_SHOP.closesAt,
          modes: app.modes,
          phone: app.phone,
          rating: null,
          image: null,
          active: true,
        });
        await deps.members.addOwner(tx, shopId, app.phone, decidedBy);
        const [decided] = await tx
          .update(sellerApplications)
          .set({ status: 'approved', shopId, decidedAt: now })
          .where(eq(sellerApplications.id, id))
          .returning();
        // Told by SMS once this commits: the applicant may not have an account yet.
        await schedule(tx, clock, { kind: SELLER_APPROVED_SMS, dueAt: now, data: { applicationId: id } });
        const applicant = await usersService.findByPhone(tx, app.phone);
        if (applicant) {
          await deps.userEvents.emit(fx, {
            userId: applicant.id,
            event: EVENTS.shopMembershipChanged,
            data: { id: shopId, shopId, role: 'owner' },
            text: {
              en: `${app.brandName} is now on Petti. Open “My shop” to start.`,
              ta: `${app.brandName} இப்போது Petti-யில் உள்ளது. தொடங்க “என் கடை” என்பதைத் திறக்கவும்.`,
            },
          });
        }
        return decided!;
      });
      deps.forgetSellers();
      return view(row);
    },

    async refuse(id: string): Promise<SellerApplicationView> {
      const row = await transactor.run(async (tx) => {
        await lockUndecided(tx, id);
        const [decided] = await tx
          .update(sellerApplications)
          .set({ status: 'refused', decidedAt: clock.now() })
          .where(eq(sellerApplications.id, id))
          .returning();
        return decided!;
      });
      return view(row);
    },
  };
}

export type SellerApprovals = ReturnType<typeof createSellerApprovals>;
