import type { ContentKey } from './pl-PL';

const contentEn: Record<ContentKey, string> = {
  'cms.title.regulamin': 'Terms and conditions',
  'cms.title.polityka-prywatnosci': 'Privacy policy',
  'cms.title.dostawa': 'Delivery and payment',
  'cms.title.zwroty': 'Returns and complaints',
  'cms.title.kontakt': 'Contact',
  'cms.title.o-nas': 'About us',
  'cms.fallbackTitle': 'Information',
  'advice.title': 'Advice',
  'advice.lead': 'How to size a radiator, side versus bottom connection, and heating with a heat pump.',
  'advice.article': 'Article',
  'error.title': 'An error occurred',
  'error.home': 'Back to the home page',
  'notFound.title': 'Page not found',
  'notFound.path': 'The address {path} does not lead to any page of our shop.',
  'notFound.hint': 'Check the address or pick a category from the menu.',
  'later.title': 'Saved for later',
  'footer.shop': 'Shop',
  'footer.help': 'Help',
  'footer.advice': 'Advice',
  'footer.build': 'Footer version',
};

export default contentEn;
