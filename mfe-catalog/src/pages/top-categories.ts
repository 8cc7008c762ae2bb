/** Top-level categories for the home tiles (labels live in the shell's menu namespace). */
export const TOP_CATEGORIES = [
  { slug: 'grzejniki-dekoracyjne', label: 'category.decorative' },
  { slug: 'grzejniki-lazienkowe', label: 'category.bathroom' },
  { slug: 'grzejniki-pokojowe', label: 'category.room' },
  { slug: 'akcesoria', label: 'category.accessories' },
];
