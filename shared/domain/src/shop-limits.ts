/**
 * Numbers the API and the storefront must agree on, declared once (issue #53): the API enforces
 * or pages by them, the pages show or ask by them.
 */

/** A customer's address book holds at most this many addresses (the API refuses more; the account's page says so). */
export const MAX_ADDRESSES = 20;

/** Articles per page of /porady: the page asks for this many, the sitemap lists the pages they make. */
export const ADVICE_PAGE_SIZE = 12;
