import type * as Domain from '@kaloryfer/domain';
import type * as Catalog from './catalog';
import type * as Content from './content';

/**
 * The catalogue's entities are declared twice on purpose: as TypeScript interfaces in
 * shared/domain, where the rules that compute prices, Omnibus and heat output read them, and
 * as the schemas here, which the API serialises through. This file holds them to each other: a
 * field renamed, added or retyped on one side only is a compile error here (`npm run typecheck`).
 * It has no code; nothing imports it.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<Check extends true> = Check;

export type CatalogueEntitiesMatchTheDomain = [
  Holds<Same<Catalog.StockInfo, Domain.StockInfo>>,
  Holds<Same<Catalog.MediaImage, Domain.MediaImage>>,
  Holds<Same<Catalog.TierPriceEntry, Domain.TierPriceEntry>>,
  Holds<Same<Catalog.ProductLink, Domain.ProductLink>>,
  Holds<Same<Catalog.BundleProductLink, Domain.BundleProductLink>>,
  Holds<Same<Catalog.BundleOption, Domain.BundleOptionDef>>,
  Holds<Same<Catalog.CustomOption, Domain.CustomOptionDef>>,
  Holds<Same<Catalog.ConfigurableOption, Domain.ConfigurableOption>>,
  Holds<Same<Catalog.ProductCategoryRef, Domain.ProductCategoryRef>>,
  Holds<Same<Catalog.ConfigurableChild, Domain.ConfigurableChild>>,
  Holds<Same<Catalog.Product, Domain.Product>>,
  Holds<Same<Catalog.Category, Domain.Category>>,
  Holds<Same<Catalog.Attribute, Domain.Attribute>>,
  Holds<Same<Catalog.TaxRule, Domain.TaxRule>>,
  Holds<Same<Catalog.PricePoint, Domain.PricePoint>>,
  Holds<Same<Content.CmsPage, Domain.CmsPage>>,
  Holds<Same<Content.CmsBlock, Domain.CmsBlock>>,
  Holds<Same<Content.AdviceArticle, Domain.AdviceArticle>>,
];
