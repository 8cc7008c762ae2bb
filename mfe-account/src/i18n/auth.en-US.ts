import type { AuthKey } from './auth.pl-PL';

const words: Record<AuthKey, string> = {
  'auth.dialog.login': 'Log in',
  'auth.dialog.register': 'Create an account',
  'auth.dialog.forgot': 'Forgot your password?',
  'auth.dialog.sessionExpired': 'Your session has expired and you have been logged out. Log in again or create an account.',
  'auth.field.email': 'E-mail address',
  'auth.field.password': 'Password',
  'auth.field.firstname': 'First name',
  'auth.field.lastname': 'Last name',
  'auth.field.repeatPassword': 'Repeat password',
  'auth.field.passwordHint': 'At least 8 characters.',
  'auth.password.show': 'Show password',
  'auth.login.submit': 'Log in',
  'auth.login.forgot': 'Forgot your password?',
  'auth.login.noAccount': 'No account yet?',
  'auth.login.toRegister': 'Create an account',
  'auth.login.success': 'You are logged in. Welcome, {name}!',
  'auth.register.submit': 'Create an account',
  'auth.register.haveAccount': 'Already have an account?',
  'auth.register.toLogin': 'Log in',
  'auth.register.terms': 'I accept',
  'auth.register.termsLink': "the shop's terms and conditions",
  'auth.register.newTab': '(opens in a new tab)',
  'auth.register.newsletter': 'Newsletter (optional)',
  'auth.register.newsletterConsent':
    'I agree to receive the newsletter with commercial information (new products, offers, advice) from Kaloryfer sp. z o.o. at the e-mail address given. I can withdraw my consent at any time: with the link in every newsletter, in my account settings or by writing to sklep@kaloryfer.pl.',
  'auth.register.success': 'Your account has been created. Welcome, {name}!',
  'auth.register.newsletterPending':
    'Check your inbox: we have sent you a link to confirm your newsletter sign-up. It takes effect once you click it (the link is valid for {hours} hours).',
  'auth.register.newsletterAlready': 'This address is already signed up for the newsletter.',
  'auth.register.newsletterFailed': 'Your account is ready, but we could not sign you up for the newsletter. You can do it later in your account settings.',
  'auth.forgot.lead': "Enter your account's e-mail address. We will send a link to set a new password to it.",
  'auth.forgot.submit': 'Send the link',
  'auth.forgot.sent':
    'If an account with the address {email} exists, we have sent a link to set a new password to that address. The link is valid for one hour.',
  'auth.forgot.back': 'Back to log in',
  'auth.error.credentials': 'You did not sign in correctly or your account is temporarily disabled.',
  'auth.error.tooManyAttempts': 'Too many attempts, please try again later',
  'auth.menu.account': 'Account:',
  'auth.menu.label': 'Your account',
  'auth.menu.logout': 'Log out',
};

export default words;
