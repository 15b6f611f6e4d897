import type { ComplexSummary, JoinRequest, Membership } from '@petti/shared/schemas/complex';
import type { ComplexRow, MemberRow } from './schema.ts';

export function toSummary(c: ComplexRow, distanceKm: number | null = null): ComplexSummary {
  return {
    id: c.id,
    name: c.name,
    address: c.address,
    lat: c.lat,
    lng: c.lng,
    blocks: c.blocks,
    flatsPerBlock: c.flatsPerBlock,
    distanceKm,
  };
}

export function toMembership(m: MemberRow, c: ComplexRow): Membership {
  return {
    complexId: m.complexId,
    complex: toSummary(c),
    block: m.block,
    flat: m.flat,
    status: m.status,
    role: m.role,
    requestedAt: m.requestedAt.toISOString(),
    decidedAt: m.decidedAt?.toISOString() ?? null,
    note: m.note,
  };
}

export function toJoinRequest(
  m: MemberRow,
  who: { name: string | null; phone: string | null } | undefined,
): JoinRequest {
  return {
    userId: m.userId,
    name: who?.name ?? null,
    phoneEnd: who?.phone ? who.phone.slice(-4) : null,
    block: m.block,
    flat: m.flat,
    status: m.status,
    requestedAt: m.requestedAt.toISOString(),
  };
}
