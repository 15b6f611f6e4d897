import { EVENTS, greatCircleMetres } from '@petti/shared';
import type {
  ComplexListQuery,
  ComplexSummary,
  DecisionBody,
  JoinComplexBody,
  JoinRequest,
  Membership,
} from '@petti/shared/schemas/complex';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Effects, Transactor } from '../../platform/events/transactor.ts';
import type { UserEvents } from '../../platform/events/user-events.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { usersService } from '../users/index.ts';
import { decidedText, joinRequestedText } from './event-texts.ts';
import { type ComplexRow, complexes, complexMembers, type MemberRow } from './schema.ts';
import { toJoinRequest, toMembership, toSummary } from './views.ts';

export interface MembershipDeps {
  db: Db;
  clock: Clock;
  transactor: Transactor;
  userEvents: UserEvents;
  notifications: NotificationsService;
}

/** An approved member, as the marketplace needs one. */
export interface Member {
  userId: string;
  complexId: string;
  block: string;
  flat: string;
  role: MemberRow['role'];
}

const fold = (s: string) => s.toLocaleLowerCase('en-IN');

/**
 * Membership of a residential complex (docs/complex.md#membership): find, ask to join, the admin's
 * decision, leave or move. One complex at a time; the approved complex is also written to the user's
 * account so the complex lockers keep checking one column.
 */
/** Runs in the transaction that ends a membership (left, moved, or the admin removed them). */
export type LeftHandler = (fx: Effects, member: { userId: string; complexId: string }) => Promise<void>;

export function createMembership(deps: MembershipDeps) {
  const { db, clock, transactor } = deps;
  const leftHandlers: LeftHandler[] = [];
  async function ended(fx: Effects, userId: string, complexId: string) {
    for (const h of leftHandlers) await h(fx, { userId, complexId });
  }

  async function complexRow(q: DbOrTx, id: string): Promise<ComplexRow> {
    const [c] = await q.select().from(complexes).where(eq(complexes.id, id));
    if (!c) throw notFound('complex');
    return c;
  }

  async function tell(
    fx: Effects,
    userId: string,
    event: string,
    data: { id: string } & Record<string, unknown>,
    text: { title: { en: string; ta: string }; body: { en: string; ta: string } },
  ) {
    await deps.userEvents.emit(fx, { userId, event, data, text: text.body });
    await deps.notifications.add(fx.tx, {
      userId,
      kind: event,
      title: text.title,
      body: text.body,
      data: { event, ...data },
    });
  }

  async function decide(
    complexId: string,
    userId: string,
    body: DecisionBody,
    by: string,
  ): Promise<JoinRequest> {
    return transactor.run(async (tx, fx) => {
      const [m] = await tx
        .select()
        .from(complexMembers)
        .where(and(eq(complexMembers.userId, userId), eq(complexMembers.complexId, complexId)))
        .for('update');
      if (!m) throw notFound('request');
      const status = body.decision === 'approve' ? 'approved' : 'refused';
      // Deciding again the same way changes nothing; an approved member is removed by refusing.
      if (m.status === status)
        return toJoinRequest(m, (await usersService.contacts(tx, [userId])).get(userId));
      const now = clock.now();
      const [row] = await tx
        .update(complexMembers)
        .set({ status, decidedAt: now, decidedBy: by, note: body.note ?? null })
        .where(eq(complexMembers.userId, userId))
        .returning();
      await usersService.setHome(
        tx,
        userId,
        status === 'approved' ? { complexId, block: m.block, flat: m.flat } : null,
        now,
      );
      if (m.status === 'approved') await ended(fx, userId, complexId);
      const c = await complexRow(tx, complexId);
      await tell(
        fx,
        userId,
        EVENTS.complexMembershipDecided,
        { id: complexId, complexId, status },
        decidedText(c.name, status === 'approved', body.note ?? null),
      );
      return toJoinRequest(row!, (await usersService.contacts(tx, [userId])).get(userId));
    });
  }

  async function requests(complexId: string): Promise<JoinRequest[]> {
    const rows = await db
      .select()
      .from(complexMembers)
      .where(and(eq(complexMembers.complexId, complexId), eq(complexMembers.status, 'pending')))
      .orderBy(asc(complexMembers.requestedAt));
    const who = await usersService.contacts(
      db,
      rows.map((r) => r.userId),
    );
    return rows.map((r) => toJoinRequest(r, who.get(r.userId)));
  }

  const membership = {
    /** Complexes by name or area, nearest first when a point is given, else by name. */
    async find(query: ComplexListQuery): Promise<ComplexSummary[]> {
      const rows = await db.select().from(complexes);
      const q = query.q ? fold(query.q) : '';
      const hits = rows.filter(
        (c) =>
          !q || [c.name.en, c.name.ta, c.address.en, c.address.ta].some((text) => fold(text).includes(q)),
      );
      const at =
        query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
      const out = hits.map((c) => toSummary(c, at ? Math.round(greatCircleMetres(at, c) / 100) / 10 : null));
      return out.sort((a, b) =>
        a.distanceKm !== null && b.distanceKm !== null
          ? a.distanceKm - b.distanceKm
          : a.name.en.localeCompare(b.name.en),
      );
    },

    async mine(userId: string): Promise<Membership | null> {
      const [m] = await db.select().from(complexMembers).where(eq(complexMembers.userId, userId));
      if (!m) return null;
      return toMembership(m, await complexRow(db, m.complexId));
    },

    /**
     * Asks to join (pending until the admin decides). Asking to join another complex while a member
     * is a move: the old membership ends at once (one complex at a time).
     */
    async join(userId: string, body: JoinComplexBody): Promise<Membership> {
      return transactor.run(async (tx, fx) => {
        const c = await complexRow(tx, body.complexId);
        const block = body.block.toUpperCase();
        if (!c.blocks.includes(block)) throw new AppError('FlatNotInComplex');
        const [old] = await tx
          .select()
          .from(complexMembers)
          .where(eq(complexMembers.userId, userId))
          .for('update');
        if (old && old.complexId === c.id && old.status !== 'refused') {
          throw new AppError('ComplexMembershipExists');
        }
        const now = clock.now();
        const values = {
          userId,
          complexId: c.id,
          block,
          flat: body.flat.toUpperCase(),
          status: 'pending' as const,
          role: 'resident' as const,
          requestedAt: now,
          decidedAt: null,
          decidedBy: null,
          note: null,
        };
        const [row] = old
          ? await tx.update(complexMembers).set(values).where(eq(complexMembers.userId, userId)).returning()
          : await tx.insert(complexMembers).values(values).returning();
        if (old?.status === 'approved') {
          await usersService.setHome(tx, userId, null, now);
          await ended(fx, userId, old.complexId);
        }
        // The complex's admins hear of it, to approve from the app.
        const admins = await tx
          .select({ userId: complexMembers.userId })
          .from(complexMembers)
          .where(
            and(
              eq(complexMembers.complexId, c.id),
              eq(complexMembers.role, 'admin'),
              eq(complexMembers.status, 'approved'),
            ),
          );
        const me = (await usersService.contacts(tx, [userId])).get(userId);
        for (const a of admins) {
          await tell(
            fx,
            a.userId,
            EVENTS.complexJoinRequested,
            { id: userId, complexId: c.id },
            joinRequestedText(me?.name ?? '—', `${block}, ${values.flat}`),
          );
        }
        return toMembership(row!, c);
      });
    },

    async leave(userId: string): Promise<void> {
      await transactor.run(async (tx, fx) => {
        const [gone] = await tx.delete(complexMembers).where(eq(complexMembers.userId, userId)).returning();
        if (!gone) throw notFound('membership');
        await usersService.setHome(tx, userId, null, clock.now());
        if (gone.status === 'approved') await ended(fx, userId, gone.complexId);
      });
    },

    /** The account is being deleted: any membership or request ends as on leaving (nothing if none). */
    async forget(userId: string): Promise<void> {
      await membership.leave(userId).catch((err: unknown) => {
        if (!(err instanceof AppError && err.code === 'ResourceNotFound')) throw err;
      });
    },

    /** What other features do when someone stops being a member (the marketplace pauses their listings). */
    onLeft(handler: LeftHandler) {
      leftHandlers.push(handler);
    },

    /** The approved member, or the refusal every members-only route gives. */
    async requireMember(q: DbOrTx, userId: string): Promise<Member> {
      const [m] = await q.select().from(complexMembers).where(eq(complexMembers.userId, userId));
      if (m?.status === 'approved') {
        return { userId, complexId: m.complexId, block: m.block, flat: m.flat, role: m.role };
      }
      throw new AppError(m?.status === 'pending' ? 'ComplexMembershipPending' : 'NotComplexMember');
    },

    /** Approved members' block and flat, for showing who sells and who buys. */
    async flatsOf(q: DbOrTx, userIds: readonly string[]): Promise<Map<string, string>> {
      if (!userIds.length) return new Map();
      const rows = await q
        .select({ userId: complexMembers.userId, flat: complexMembers.flat })
        .from(complexMembers)
        .where(inArray(complexMembers.userId, [...new Set(userIds)]));
      return new Map(rows.map((r) => [r.userId, r.flat]));
    },

    complexRow,

    /** The admin's screen in the app: requests to join the admin's own complex. */
    async adminRequests(userId: string): Promise<JoinRequest[]> {
      const admin = await membership.requireAdmin(db, userId);
      return requests(admin.complexId);
    },

    async adminDecide(userId: string, memberId: string, body: DecisionBody): Promise<JoinRequest> {
      const admin = await membership.requireAdmin(db, userId);
      if (memberId === userId)
        throw new AppError('Forbidden', 'An admin cannot decide their own membership.');
      return decide(admin.complexId, memberId, body, userId);
    },

    async requireAdmin(q: DbOrTx, userId: string): Promise<Member> {
      const m = await membership.requireMember(q, userId);
      if (m.role !== 'admin') throw new AppError('ComplexAdminOnly');
      return m;
    },

    /** The operators' API (docs/complex.md#ops). */
    async opsRequests(complexId: string): Promise<JoinRequest[]> {
      await complexRow(db, complexId);
      return requests(complexId);
    },
    opsDecide: (complexId: string, userId: string, body: DecisionBody) =>
      decide(complexId, userId, body, 'ops'),
  };
  return membership;
}

export type MembershipService = ReturnType<typeof createMembership>;
