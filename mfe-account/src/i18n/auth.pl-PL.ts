import { NEWSLETTER_CONSENT } from '@kaloryfer/domain/newsletter';

/**
 * The auth part of the account namespace (pl-PL is the source of truth; the other languages mirror its keys):
 * the header's account button and menu, and the sign-in dialog (sign in, register, forgot password).
 */
const authPl = {
  'auth.dialog.login': 'Zaloguj się',
  'auth.dialog.register': 'Załóż konto',
  'auth.dialog.forgot': 'Nie pamiętasz hasła?',
  'auth.dialog.sessionExpired': 'Twoja sesja wygasła i wylogowaliśmy Cię. Zaloguj się ponownie albo załóż konto.',
  'auth.field.email': 'Adres e-mail',
  'auth.field.password': 'Hasło',
  'auth.field.firstname': 'Imię',
  'auth.field.lastname': 'Nazwisko',
  'auth.field.repeatPassword': 'Powtórz hasło',
  'auth.field.passwordHint': 'Co najmniej 8 znaków.',
  'auth.password.show': 'Pokaż hasło',
  'auth.login.submit': 'Zaloguj się',
  'auth.login.forgot': 'Nie pamiętasz hasła?',
  'auth.login.noAccount': 'Nie masz jeszcze konta?',
  'auth.login.toRegister': 'Załóż konto',
  'auth.login.success': 'Zalogowano. Witaj, {name}!',
  'auth.register.submit': 'Załóż konto',
  'auth.register.haveAccount': 'Masz już konto?',
  'auth.register.toLogin': 'Zaloguj się',
  'auth.register.terms': 'Akceptuję',
  'auth.register.termsLink': 'regulamin sklepu',
  'auth.register.newTab': '(otwiera się w nowej karcie)',
  'auth.register.newsletter': 'Newsletter (dobrowolnie)',
  // The consent's wording lives in one place; the Polish text is that text (a test checks it).
  'auth.register.newsletterConsent': NEWSLETTER_CONSENT.text,
  'auth.register.success': 'Konto zostało założone. Witaj, {name}!',
  'auth.register.newsletterPending':
    'Sprawdź skrzynkę: wysłaliśmy link potwierdzający zapis do newslettera. Zapis zacznie działać po jego kliknięciu (link jest ważny {hours} godzin).',
  'auth.register.newsletterAlready': 'Ten adres jest już zapisany do newslettera.',
  'auth.register.newsletterFailed': 'Konto jest gotowe, ale nie udało się zapisać Cię do newslettera. Możesz to zrobić później w ustawieniach konta.',
  'auth.forgot.lead': 'Podaj adres e-mail swojego konta. Wyślemy na niego link do ustawienia nowego hasła.',
  'auth.forgot.submit': 'Wyślij link',
  'auth.forgot.sent': 'Jeśli istnieje konto z adresem {email}, wysłaliśmy na ten adres link do ustawienia nowego hasła. Link jest ważny przez godzinę.',
  'auth.forgot.back': 'Wróć do logowania',
  // The API's login and rate-limit answers (docs/account.md); not spec messages, so they live here.
  'auth.error.credentials': 'Nieprawidłowy e-mail lub hasło albo konto jest tymczasowo zablokowane.',
  'auth.error.tooManyAttempts': 'Zbyt wiele prób. Spróbuj ponownie za chwilę.',
  'auth.menu.account': 'Konto:',
  'auth.menu.label': 'Twoje konto',
  'auth.menu.logout': 'Wyloguj się',
};

export type AuthKey = keyof typeof authPl;
export default authPl;
