/** CMS pages the footer links to (their bodies come from the API with the catalogue issue). */
export const CMS_PAGES = ['regulamin', 'polityka-prywatnosci', 'dostawa', 'zwroty', 'kontakt', 'o-nas'];
