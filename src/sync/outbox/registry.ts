import type { ApplierRegistry } from './appliers.ts';

/** Every kind of mutation the outbox carries, with how its outcomes fold into the store. */
export const APPLIERS: ApplierRegistry = {};
