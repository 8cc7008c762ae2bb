import { i18n } from '@kaloryfer/i18n';

/** The shell's own words (namespace `shell`); Polish ships in the initial bundle. */
export const shellPl = {
  'skip': 'Przejdź do treści',
  'header.home': 'Kaloryfer – strona główna',
  'header.menu': 'Menu',
  'sidebar.label': 'Menu kategorii',
  'sidebar.back': 'Wróć',
  'sidebar.all': 'Wszystkie: {name}',
  'sidebar.advice': 'Porady',
  'category.decorative': 'Grzejniki dekoracyjne',
  'category.decorative-vertical': 'Pionowe',
  'category.decorative-horizontal': 'Poziome',
  'category.bathroom': 'Grzejniki łazienkowe',
  'category.bathroom-ladder': 'Drabinkowe',
  'category.bathroom-electric': 'Elektryczne',
  'category.room': 'Grzejniki pokojowe',
  'category.room-panel': 'Panelowe',
  'category.room-tubular': 'Stalowe rurowe',
  'category.room-cast-iron': 'Żeliwne',
  'category.accessories': 'Akcesoria',
  'category.accessories-valves': 'Zawory',
  'category.accessories-heads': 'Głowice termostatyczne',
  'category.accessories-heaters': 'Grzałki',
  'category.accessories-connection': 'Zestawy przyłączeniowe',
  'category.accessories-hooks': 'Wieszaki na ręczniki',
  'fallback.title': 'Ta część sklepu jest chwilowo niedostępna',
  'fallback.body': 'Reszta sklepu działa normalnie. Spróbuj ponownie za chwilę.',
  'fallback.inline': 'Możesz czytać tę stronę, ale jej przyciski chwilowo nie działają.',
  'fallback.retry': 'Spróbuj ponownie',
  'fallback.widget': 'Niedostępne',
  'fallback.widgetRetry': 'Spróbuj ponownie wczytać: {name}',
  'widget.search': 'wyszukiwarkę',
  'widget.account': 'konto',
  'widget.wishlist': 'listę życzeń',
  'widget.minicart': 'koszyk',
  'widget.footer': 'stopkę',
  'widget.unknown': 'ten element',
  'notifications.label': 'Powiadomienia',
  'progress.label': 'Wczytywanie strony',
  'overlay.close': 'Zamknij panel',
  'footer.legal': '© {year} Kaloryfer. Ceny brutto zawierają 23% VAT.',
  'title.default': 'Grzejniki dekoracyjne, łazienkowe i pokojowe',
  'meta.description': 'Kaloryfer – sklep z grzejnikami dekoracyjnymi, łazienkowymi i pokojowymi. Wysyłka kurierem od 24 h, 14 dni na zwrot.',
};

type ShellKey = keyof typeof shellPl;

const shellEn: Record<ShellKey, string> = {
  'skip': 'Skip to content',
  'header.home': 'Kaloryfer – home page',
  'header.menu': 'Menu',
  'sidebar.label': 'Category menu',
  'sidebar.back': 'Back',
  'sidebar.all': 'All: {name}',
  'sidebar.advice': 'Advice',
  'category.decorative': 'Decorative radiators',
  'category.decorative-vertical': 'Vertical',
  'category.decorative-horizontal': 'Horizontal',
  'category.bathroom': 'Bathroom radiators',
  'category.bathroom-ladder': 'Ladder',
  'category.bathroom-electric': 'Electric',
  'category.room': 'Room radiators',
  'category.room-panel': 'Panel',
  'category.room-tubular': 'Steel tubular',
  'category.room-cast-iron': 'Cast iron',
  'category.accessories': 'Accessories',
  'category.accessories-valves': 'Valves',
  'category.accessories-heads': 'Thermostatic heads',
  'category.accessories-heaters': 'Heating elements',
  'category.accessories-connection': 'Connection sets',
  'category.accessories-hooks': 'Towel hooks',
  'fallback.title': 'This part of the shop is temporarily unavailable',
  'fallback.body': 'The rest of the shop works normally. Please try again in a moment.',
  'fallback.inline': 'You can read this page, but its buttons do not work for the moment.',
  'fallback.retry': 'Try again',
  'fallback.widget': 'Unavailable',
  'fallback.widgetRetry': 'Try loading again: {name}',
  'widget.search': 'search',
  'widget.account': 'account',
  'widget.wishlist': 'wishlist',
  'widget.minicart': 'cart',
  'widget.footer': 'footer',
  'widget.unknown': 'this element',
  'notifications.label': 'Notifications',
  'progress.label': 'Loading page',
  'overlay.close': 'Close panel',
  'footer.legal': '© {year} Kaloryfer. Gross prices include 23% VAT.',
  'title.default': 'Decorative, bathroom and room radiators',
  'meta.description': 'Kaloryfer – a shop for decorative, bathroom and room radiators. Courier delivery from 24 h, 14 days to return.',
};

const shellDe: Partial<Record<ShellKey, string>> = {
  'skip': 'Zum Inhalt springen',
  'fallback.title': 'Dieser Teil des Shops ist vorübergehend nicht verfügbar',
  'fallback.body': 'Der Rest des Shops funktioniert normal. Bitte versuchen Sie es gleich noch einmal.',
  'fallback.retry': 'Erneut versuchen',
  'notifications.label': 'Benachrichtigungen',
};

const shellIt: Partial<Record<ShellKey, string>> = {
  'skip': 'Vai al contenuto',
  'fallback.title': 'Questa parte del negozio è temporaneamente non disponibile',
  'fallback.body': 'Il resto del negozio funziona normalmente. Riprova tra un momento.',
  'fallback.retry': 'Riprova',
  'notifications.label': 'Notifiche',
};

export const SHELL_NAMESPACE = 'shell';

/** The shell's words in every language (small: all are bundled). The page server reads them too. */
export const SHELL_BUNDLES = { 'pl-PL': shellPl, 'en-US': shellEn, 'de-DE': shellDe, 'it-IT': shellIt };

export function addShellNamespace(): void {
  for (const [language, words] of Object.entries(SHELL_BUNDLES)) {
    i18n.addResourceBundle(language, SHELL_NAMESPACE, words, true, false);
  }
}

