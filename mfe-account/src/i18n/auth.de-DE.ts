import type { AuthKey } from './auth.pl-PL';

const words: Record<AuthKey, string> = {
  'auth.dialog.login': 'Anmelden',
  'auth.dialog.register': 'Konto erstellen',
  'auth.dialog.forgot': 'Passwort vergessen?',
  'auth.dialog.sessionExpired': 'Ihre Sitzung ist abgelaufen und Sie wurden abgemeldet. Melden Sie sich erneut an oder erstellen Sie ein Konto.',
  'auth.field.email': 'E-Mail-Adresse',
  'auth.field.password': 'Passwort',
  'auth.field.firstname': 'Vorname',
  'auth.field.lastname': 'Nachname',
  'auth.field.repeatPassword': 'Passwort wiederholen',
  'auth.field.passwordHint': 'Mindestens 8 Zeichen.',
  'auth.password.show': 'Passwort anzeigen',
  'auth.login.submit': 'Anmelden',
  'auth.login.forgot': 'Passwort vergessen?',
  'auth.login.noAccount': 'Noch kein Konto?',
  'auth.login.toRegister': 'Konto erstellen',
  'auth.login.success': 'Sie sind angemeldet. Willkommen, {name}!',
  'auth.register.submit': 'Konto erstellen',
  'auth.register.haveAccount': 'Sie haben bereits ein Konto?',
  'auth.register.toLogin': 'Anmelden',
  'auth.register.terms': 'Ich akzeptiere',
  'auth.register.termsLink': 'die AGB des Shops',
  'auth.register.newTab': '(öffnet sich in einem neuen Tab)',
  'auth.register.newsletter': 'Newsletter (freiwillig)',
  'auth.register.newsletterConsent':
    'Ich willige ein, dass mir Kaloryfer sp. z o.o. den Newsletter mit Werbeinformationen (Neuheiten, Angebote, Ratgeber) an die angegebene E-Mail-Adresse sendet. Ich kann meine Einwilligung jederzeit widerrufen: über den Link in jedem Newsletter, in meinen Kontoeinstellungen oder per E-Mail an sklep@kaloryfer.pl.',
  'auth.register.success': 'Ihr Konto wurde erstellt. Willkommen, {name}!',
  'auth.register.newsletterPending':
    'Bitte prüfen Sie Ihr Postfach: Wir haben Ihnen einen Link zur Bestätigung der Newsletter-Anmeldung gesendet. Sie gilt erst nach dem Klick darauf (der Link ist {hours} Stunden gültig).',
  'auth.register.newsletterAlready': 'Diese Adresse ist bereits für den Newsletter angemeldet.',
  'auth.register.newsletterFailed':
    'Ihr Konto ist bereit, aber die Newsletter-Anmeldung ist fehlgeschlagen. Sie können sie später in Ihren Kontoeinstellungen nachholen.',
  'auth.forgot.lead': 'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, um ein neues Passwort festzulegen.',
  'auth.forgot.submit': 'Link senden',
  'auth.forgot.sent':
    'Falls ein Konto mit der Adresse {email} existiert, haben wir an diese Adresse einen Link zum Festlegen eines neuen Passworts gesendet. Der Link ist eine Stunde gültig.',
  'auth.forgot.back': 'Zurück zur Anmeldung',
  'auth.error.credentials': 'Die Anmeldung ist fehlgeschlagen oder Ihr Konto ist vorübergehend gesperrt.',
  'auth.error.tooManyAttempts': 'Zu viele Versuche. Bitte versuchen Sie es gleich noch einmal.',
  'auth.menu.account': 'Konto:',
  'auth.menu.label': 'Ihr Konto',
  'auth.menu.logout': 'Abmelden',
};

export default words;
