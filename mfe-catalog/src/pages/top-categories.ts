/** Top-level categories for the home tiles (labels in the catalogue's namespace: a server render has no other remote's words). */
export const TOP_CATEGORIES = [
  { slug: 'grzejniki-dekoracyjne', label: 'top.decorative' },
  { slug: 'grzejniki-lazienkowe', label: 'top.bathroom' },
  { slug: 'grzejniki-pokojowe', label: 'top.room' },
  { slug: 'akcesoria', label: 'top.accessories' },
];
