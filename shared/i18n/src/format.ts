/**
 * Polish-first number, price and date formats without the page's translator
 * (`@kaloryfer/i18n/format`): the API's e-mails and seed texts format with these and never start
 * an i18next instance.
 */
export { formatNumber, formatPln } from './format-numbers';
export { formatLongDay, formatShortDay, shopDayOf, type CalendarDay } from './format-dates';
