/**
 * The `common` namespace: words several remotes use. Keys are flat (keySeparator is off so
 * spec messages with dots can be keys too). Plural keys end in i18next's CLDR suffixes:
 * Polish has one / few / many (+ other for fractions).
 */
export const commonPl = {
  'shop.name': 'Kaloryfer',
  'shop.tagline': 'Grzejniki dekoracyjne, łazienkowe i pokojowe',
  'breadcrumbs.label': 'Okruszki',
  'breadcrumbs.home': 'Strona główna',
  loading: 'Wczytywanie…',
  close: 'Zamknij',
  radiators_one: '{count} grzejnik',
  radiators_few: '{count} grzejniki',
  radiators_many: '{count} grzejników',
  radiators_other: '{count} grzejnika',
  products_one: '{count} produkt',
  products_few: '{count} produkty',
  products_many: '{count} produktów',
  products_other: '{count} produktu',
  'price.from': 'od {price}',
  'price.regular': 'Cena regularna {price}',
  'price.omnibus': 'Najniższa cena z 30 dni przed obniżką',
  'newsletter.title': 'Newsletter',
  'newsletter.titleHome': 'Newsletter: -10% na pierwsze zakupy',
  'newsletter.lead': 'Zapisz się i odbierz kod rabatowy -10% na pierwsze zakupy. Porady i promocje, bez spamu.',
  'newsletter.email': 'Adres e-mail',
  'newsletter.consent':
    'Wyrażam zgodę na przesyłanie przez Kaloryfer sp. z o.o. na podany adres e-mail newslettera z informacjami handlowymi (nowości, promocje, porady). Zgodę mogę wycofać w każdej chwili: linkiem w każdym newsletterze, w ustawieniach konta lub pisząc na sklep@kaloryfer.pl.',
  'newsletter.privacy': 'Administratorem Twoich danych jest Kaloryfer sp. z o.o. Wyślemy Ci e-mail z linkiem potwierdzającym zapis.',
  'newsletter.privacyLink': 'Polityka prywatności',
  'newsletter.submit': 'Zapisz mnie',
  'newsletter.checkInbox': 'Sprawdź skrzynkę: wysłaliśmy link potwierdzający. Zapis zacznie działać po jego kliknięciu (link jest ważny {hours} godzin).',
  'newsletter.noConsent': 'Zaznacz zgodę na otrzymywanie newslettera — bez niej nie możemy Cię zapisać.',
  'newsletter.already': 'Ten adres jest już zapisany do newslettera. Dziękujemy!',
  'newsletter.confirmed': 'Zapis potwierdzony — dziękujemy! Kod rabatowy -10% wysłaliśmy na Twój adres e-mail.',
  'newsletter.linkUsed': 'Ten link potwierdzający został już użyty. Jeśli zapis był potwierdzony, kod rabatowy znajdziesz we wcześniejszej wiadomości.',
  'newsletter.linkExpired': 'Link potwierdzający wygasł (działa {hours} godzin). Zapisz się ponownie — wyślemy nowy.',
  'newsletter.linkInvalid': 'Ten link potwierdzający jest nieprawidłowy. Otwórz cały adres z wiadomości albo zapisz się ponownie.',
  'newsletter.error': 'Nie udało się teraz zapisać Cię do newslettera. Spróbuj ponownie za chwilę.',
  'language.label': 'Język',
  'language.unavailable': 'Nie można teraz zmienić języka: brakuje połączenia z internetem. Spróbuj ponownie, gdy wróci.',
  'language.pl-PL': 'Polski',
  'language.en-US': 'English',
  'language.de-DE': 'Deutsch',
  'language.it-IT': 'Italiano',
};

export type CommonKey = keyof typeof commonPl;
