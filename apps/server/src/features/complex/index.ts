/** Residential complexes and who lives in them (docs/complex.md#membership). */
export { createMembership, type Member, type MembershipService } from './membership.ts';
export { complexes, complexMembers } from './schema.ts';
