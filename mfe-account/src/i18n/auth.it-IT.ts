import type { AuthKey } from './auth.pl-PL';

const words: Record<AuthKey, string> = {
  'auth.dialog.login': 'Accedi',
  'auth.dialog.register': 'Crea un account',
  'auth.dialog.forgot': 'Hai dimenticato la password?',
  'auth.dialog.sessionExpired': 'La tua sessione è scaduta ed è stata chiusa. Accedi di nuovo o crea un account.',
  'auth.field.email': 'Indirizzo e-mail',
  'auth.field.password': 'Password',
  'auth.field.firstname': 'Nome',
  'auth.field.lastname': 'Cognome',
  'auth.field.repeatPassword': 'Ripeti la password',
  'auth.field.passwordHint': 'Almeno 8 caratteri.',
  'auth.password.show': 'Mostra la password',
  'auth.login.submit': 'Accedi',
  'auth.login.forgot': 'Hai dimenticato la password?',
  'auth.login.noAccount': 'Non hai ancora un account?',
  'auth.login.toRegister': 'Crea un account',
  'auth.login.success': 'Accesso effettuato. Benvenuto, {name}!',
  'auth.register.submit': 'Crea un account',
  'auth.register.haveAccount': 'Hai già un account?',
  'auth.register.toLogin': 'Accedi',
  'auth.register.terms': 'Accetto',
  'auth.register.termsLink': 'i termini e condizioni del negozio',
  'auth.register.newTab': '(si apre in una nuova scheda)',
  'auth.register.newsletter': 'Newsletter (facoltativa)',
  'auth.register.newsletterConsent':
    "Acconsento a ricevere da Kaloryfer sp. z o.o. all'indirizzo e-mail indicato la newsletter con informazioni commerciali (novità, offerte, consigli). Posso revocare il consenso in qualsiasi momento: con il link presente in ogni newsletter, nelle impostazioni dell'account o scrivendo a sklep@kaloryfer.pl.",
  'auth.register.success': 'Il tuo account è stato creato. Benvenuto, {name}!',
  'auth.register.newsletterPending':
    "Controlla la tua casella: ti abbiamo inviato un link per confermare l'iscrizione alla newsletter. Sarà attiva dopo averlo cliccato (il link vale {hours} ore).",
  'auth.register.newsletterAlready': 'Questo indirizzo è già iscritto alla newsletter.',
  'auth.register.newsletterFailed':
    "Il tuo account è pronto, ma non è stato possibile iscriverti alla newsletter. Puoi farlo più tardi nelle impostazioni dell'account.",
  'auth.forgot.lead': "Inserisci l'indirizzo e-mail del tuo account. Ti invieremo un link per impostare una nuova password.",
  'auth.forgot.submit': 'Invia il link',
  'auth.forgot.sent':
    "Se esiste un account con l'indirizzo {email}, abbiamo inviato a quell'indirizzo un link per impostare una nuova password. Il link vale un'ora.",
  'auth.forgot.back': "Torna all'accesso",
  'auth.error.credentials': 'Accesso non riuscito oppure il tuo account è temporaneamente disattivato.',
  'auth.error.tooManyAttempts': 'Troppi tentativi. Riprova tra poco.',
  'auth.menu.account': 'Account:',
  'auth.menu.label': 'Il tuo account',
  'auth.menu.logout': 'Esci',
};

export default words;
