/** Placeholder until this page is built (issue #17). */
export function NewsletterPage() {
  return null;
}
