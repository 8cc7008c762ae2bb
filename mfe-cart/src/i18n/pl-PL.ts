const cartPl = {
  'minicart.open': 'Koszyk',
  'minicart.count_one': '{count} produkt w koszyku',
  'minicart.count_few': '{count} produkty w koszyku',
  'minicart.count_many': '{count} produktów w koszyku',
  'minicart.count_other': '{count} produktu w koszyku',
  'minicart.title': 'Twój koszyk',
  'minicart.empty': 'Twój koszyk jest pusty.',
  'minicart.emptyHint': 'Dodaj grzejnik lub akcesoria, a pojawią się tutaj.',
};

export type CartKey = keyof typeof cartPl;
export default cartPl;
