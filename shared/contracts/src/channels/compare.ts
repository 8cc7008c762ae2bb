import { defineCommand } from '../bus';
import type { NoPayload, ProductRef } from './product-ref';

export type CompareRemove = Readonly<{ sku: string }>;

/** Commands to the compare list owner (mfe-catalog). */
export const compareAddRequested = defineCommand<ProductRef>('compare:add-requested', { keep: true });
export const compareRemoveRequested = defineCommand<CompareRemove>('compare:remove-requested', { keep: true });
/** The customer logged out (spec §4): the compare list is emptied, silently. */
export const compareClearRequested = defineCommand<NoPayload>('compare:clear-requested', { keep: true });
