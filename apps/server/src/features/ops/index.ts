/** The ops feature's public surface: the ops token check, for other features' ops-only routes. */
export { makeRequireOps } from './ops-auth.ts';
