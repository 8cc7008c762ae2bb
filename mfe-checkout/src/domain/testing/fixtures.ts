import { emptyDetails, type CheckoutDetails } from '../details';

/** A checkout filled in as a shopper would: Anna from Kraków, courier, card. Tests change one thing at a time. */
export function filledDetails(changes: (details: CheckoutDetails) => void = () => {}): CheckoutDetails {
  const details = emptyDetails(Date.parse('2026-11-21T12:00:00Z'));
  details.personal = { firstName: 'Anna', lastName: 'Kowalska', emailAddress: 'anna@example.pl', phoneNumber: '601 234 567', createAccount: false };
  details.shipping = {
    firstName: 'Anna',
    lastName: 'Kowalska',
    country: 'PL',
    streetAddress: 'ul. Kwiatowa',
    apartmentNumber: '12',
    flatNumber: '4',
    city: 'Kraków',
    zipCode: '30-001',
    phoneNumber: '',
    shippingMethod: 'courier_courier',
  };
  details.payment = { ...details.shipping, sameAsShipping: true, paymentMethod: 'payu_gateway' };
  details.termsAccepted = true;
  changes(details);
  return details;
}
