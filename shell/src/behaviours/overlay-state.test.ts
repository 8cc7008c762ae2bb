import type { OverlayPanel, OverlayState } from '@kaloryfer/contracts';
import { closePanel, openPanel } from './overlay-state';

const closed: OverlayState = { active: false, panels: [] };

describe('overlay (spec §2)', () => {
  test.each<OverlayPanel>(['sidebar', 'microcart', 'search', 'wishlist', 'add-to-cart', 'variation'])(
    'opening %s turns the overlay on; closing turns it off',
    (panel) => {
      const open = openPanel(closed, panel);
      expect(open).toEqual({ active: true, panels: [panel] });
      expect(closePanel(open, panel)).toEqual(closed);
    },
  );

  test('the overlay stays on while another panel is open', () => {
    const both = openPanel(openPanel(closed, 'microcart'), 'variation');
    expect(closePanel(both, 'variation')).toEqual({ active: true, panels: ['microcart'] });
  });

  test('opening twice or closing what is closed changes nothing', () => {
    const open = openPanel(closed, 'search');
    expect(openPanel(open, 'search')).toBe(open);
    expect(closePanel(closed, 'search')).toBe(closed);
  });
});
