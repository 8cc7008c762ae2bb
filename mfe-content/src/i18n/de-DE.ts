import type { ContentKey } from './pl-PL';

const contentDe: Record<ContentKey, string> = {
  'cms.title.regulamin': 'Allgemeine Geschäftsbedingungen',
  'cms.title.polityka-prywatnosci': 'Datenschutzerklärung',
  'cms.title.dostawa': 'Versand und Zahlung',
  'cms.title.zwroty': 'Rückgabe und Reklamation',
  'cms.title.kontakt': 'Kontakt',
  'cms.title.o-nas': 'Über uns',
  'cms.fallbackTitle': 'Informationen',
  'advice.title': 'Ratgeber',
  'advice.lead': 'Wie Sie die Heizleistung eines Heizkörpers wählen, worin sich Seiten- und Mittenanschluss unterscheiden und wie Sie mit einer Wärmepumpe heizen.',
  'advice.article': 'Ratgeber',
  'error.title': 'Ein Fehler ist aufgetreten',
  'error.home': 'Zurück zur Startseite',
  'notFound.title': 'Seite nicht gefunden',
  'notFound.path': 'Die Adresse {path} führt zu keiner Seite unseres Shops.',
  'notFound.hint': 'Prüfen Sie die Adresse oder wählen Sie eine Kategorie im Menü.',
  'later.title': 'Für später gemerkt',
  'footer.shop': 'Shop',
  'footer.help': 'Hilfe',
  'footer.advice': 'Ratgeber',
  'footer.build': 'Version der Fußzeile',
};

export default contentDe;
