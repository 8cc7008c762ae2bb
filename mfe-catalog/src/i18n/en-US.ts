import type { CatalogKey } from './pl-PL';

const catalogEn: Record<CatalogKey, string> = {
  'home.title': 'Decorative, bathroom and room radiators',
  'home.description': 'Kaloryfer: decorative, bathroom and room radiators shipped from 24 h. Size the output for your system, heat pumps included.',
  'home.lead': 'Decorative radiators that heat as promised: output stated per EN 442 and recalculated for your system’s temperatures.',
  'home.categories': 'Categories',
  'home.new': 'New',
  'home.bestsellers': 'Bestsellers',
  'home.exclusive': 'Exclusive collections',
  'home.why': 'Why Kaloryfer',
  'usp.courier': 'Courier delivery from 24 h',
  'usp.returns': '14 days to return, no reason needed',
  'usp.freeDelivery': 'Free delivery on large orders',
  'usp.freeValves': 'Free valve set with selected radiators',
  'rail.empty': 'Products appear here once the catalogue is synchronised.',
  'categories.title': 'All categories',
  'categories.lead': 'Choose a type of radiator or installation accessories.',
  'category.title': 'Category: {slug}',
  'category.lead': 'Products of this category with filters and sorting.',
  'product.title': 'Product {sku}',
  'product.lead': 'Product page with parameters, heat output and availability.',
  'compare.title': 'Product comparison',
  'compare.empty': 'No products added to the comparison yet.',
  'brands.title': 'Brands',
  'brands.lead': 'Radiator and fittings manufacturers we sell.',
  'search.open': 'Search',
  'search.label': 'Search the shop',
  'search.placeholder': 'e.g. bathroom radiator',
  'search.panel': 'Search',
};

export default catalogEn;
