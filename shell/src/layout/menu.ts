import type { RouteIntent } from '@kaloryfer/contracts';

export interface MenuItem {
  label: string;
  intent: RouteIntent;
  children?: MenuItem[];
}

const category = (label: string, slug: string, children?: MenuItem[]): MenuItem => ({
  label: `category.${label}`,
  intent: { name: 'category', slug },
  children,
});

/**
 * The main menu: the top of the category tree (slugs as the seed catalogue writes them).
 * The catalogue remote shows the full tree with counts on /categories.
 */
export const MENU: MenuItem[] = [
  category('decorative', 'grzejniki-dekoracyjne', [
    category('decorative-vertical', 'grzejniki-dekoracyjne-pionowe'),
    category('decorative-horizontal', 'grzejniki-dekoracyjne-poziome'),
  ]),
  category('bathroom', 'grzejniki-lazienkowe', [category('bathroom-ladder', 'grzejniki-drabinkowe'), category('bathroom-electric', 'grzejniki-elektryczne')]),
  category('room', 'grzejniki-pokojowe', [
    category('room-panel', 'grzejniki-panelowe'),
    category('room-tubular', 'grzejniki-stalowe-rurowe'),
    category('room-cast-iron', 'grzejniki-zeliwne'),
  ]),
  category('accessories', 'akcesoria', [
    category('accessories-valves', 'zawory'),
    category('accessories-heads', 'glowice-termostatyczne'),
    category('accessories-heaters', 'grzalki'),
    category('accessories-connection', 'zestawy-przylaczeniowe'),
    category('accessories-hooks', 'wieszaki-na-reczniki'),
  ]),
  { label: 'sidebar.advice', intent: { name: 'advice' } },
];
