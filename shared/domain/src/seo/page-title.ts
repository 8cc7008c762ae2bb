const SUFFIX = ' - Sklep';
const SHORT = 45;
const MAX = 60;

/** Spec §2: titles under 45 characters get ' - Sklep'; titles over 60 are cut to 60. */
export function formatPageTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed.length < SHORT) return `${trimmed}${SUFFIX}`;
  if (trimmed.length > MAX) return trimmed.slice(0, MAX);
  return trimmed;
}
