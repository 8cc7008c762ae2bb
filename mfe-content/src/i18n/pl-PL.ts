const contentPl = {
  'cms.title.regulamin': 'Regulamin sklepu',
  'cms.title.polityka-prywatnosci': 'Polityka prywatności',
  'cms.title.dostawa': 'Dostawa i płatności',
  'cms.title.zwroty': 'Zwroty i reklamacje',
  'cms.title.kontakt': 'Kontakt',
  'cms.title.o-nas': 'O nas',
  'cms.fallbackTitle': 'Informacje',
  'advice.title': 'Porady',
  'advice.lead': 'Jak dobrać moc grzejnika, czym różni się podłączenie boczne od dolnego i jak grzać z pompą ciepła.',
  'advice.article': 'Porada',
  'error.title': 'Wystąpił błąd',
  'error.home': 'Wróć na stronę główną',
  'notFound.title': 'Nie znaleziono strony',
  'notFound.path': 'Adres {path} nie prowadzi do żadnej strony w naszym sklepie.',
  'notFound.hint': 'Sprawdź adres albo przejdź do kategorii z menu.',
  'later.title': 'Zapisane na później',
  'footer.shop': 'Sklep',
  'footer.help': 'Pomoc',
  'footer.advice': 'Porady',
  'footer.build': 'Wersja stopki',
};

export type ContentKey = keyof typeof contentPl;
export default contentPl;
