/** The dialog's three forms. */
export type AuthView = 'login' | 'register' | 'forgot';
