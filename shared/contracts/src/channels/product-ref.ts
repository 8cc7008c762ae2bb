/** A product as the compare list and the wishlist are asked to keep it. */
export interface ProductRef {
  readonly sku: string;
  readonly parentSku: string;
  readonly name: string;
  readonly slug: string;
  /** Catalogue image path, for thumbnails in the lists. */
  readonly image?: string;
}

/** The payload of a command that needs nothing more than its name. */
export type NoPayload = Readonly<Record<string, never>>;
