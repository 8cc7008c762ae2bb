import type { ContentKey } from './pl-PL';

const contentIt: Record<ContentKey, string> = {
  'cms.title.regulamin': 'Termini e condizioni',
  'cms.title.polityka-prywatnosci': 'Informativa sulla privacy',
  'cms.title.dostawa': 'Spedizione e pagamento',
  'cms.title.zwroty': 'Resi e reclami',
  'cms.title.kontakt': 'Contatti',
  'cms.title.o-nas': 'Chi siamo',
  'cms.fallbackTitle': 'Informazioni',
  'advice.title': 'Consigli',
  'advice.lead': 'Come scegliere la potenza di un radiatore, che differenza c’è tra attacco laterale e inferiore e come riscaldare con una pompa di calore.',
  'advice.article': 'Consiglio',
  'error.title': 'Si è verificato un errore',
  'error.home': 'Torna alla home page',
  'notFound.title': 'Pagina non trovata',
  'notFound.path': 'L’indirizzo {path} non porta a nessuna pagina del nostro negozio.',
  'notFound.hint': 'Controlla l’indirizzo oppure scegli una categoria dal menu.',
  'later.title': 'Salvati per dopo',
  'footer.shop': 'Negozio',
  'footer.help': 'Assistenza',
  'footer.advice': 'Consigli',
  'footer.build': 'Versione del piè di pagina',
};

export default contentIt;
