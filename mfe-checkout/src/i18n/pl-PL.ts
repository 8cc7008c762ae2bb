const checkoutPl = {
  'checkout.title': 'Kasa',
  'checkout.variant.a': 'Zamówienie krok po kroku',
  'checkout.variant.b': 'Zamówienie na jednej stronie',
  'checkout.steps': 'Etapy zamówienia',
  'checkout.step.personal': 'Dane osobowe',
  'checkout.step.shipping': 'Dostawa',
  'checkout.step.payment': 'Płatność',
  'checkout.step.orderReview': 'Podsumowanie',
  'checkout.backToShop': 'Wróć do zakupów',
  'thankYou.title': 'Dziękujemy za zamówienie',
  'thankYou.number': 'Numer zamówienia: {number}',
  'thankYou.noNumber': 'Nie podano numeru zamówienia.',
  'thankYou.next': 'Potwierdzenie wyślemy e-mailem. O wysyłce poinformujemy osobną wiadomością.',
};

export type CheckoutKey = keyof typeof checkoutPl;
export default checkoutPl;
