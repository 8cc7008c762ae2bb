import type { ProductType } from '@kaloryfer/api-contract';

/*
 * What the rules know of products beyond their shape. The shape — Product, its variants, stock,
 * options and the catalogue's other entities — is declared once, as the API contract's schemas
 * (shared/api-contract/src/product.ts): `import type { Product } from '@kaloryfer/api-contract'`.
 */

export const PRODUCT_TYPES: ProductType[] = ['simple', 'configurable', 'grouped', 'bundle', 'downloadable', 'virtual'];

/** The customer group of a tier price that applies to every group (TierPriceEntry's customer_group_id). */
export const ALL_GROUPS = 32000;
/** Customer groups (Magento's numbering): 0 not logged in, 1 retail, 2 installers (trade prices). */
export const CUSTOMER_GROUPS = { notLoggedIn: 0, retail: 1, installer: 2 } as const;
