import { forGroup } from './product-fields';

test('a customer group sees the all-groups tiers and its own only', () => {
  const tiers = [
    { customer_group_id: 32000, qty: 2, percentage_value: 1 },
    { customer_group_id: 1, qty: 5, percentage_value: 3 },
    { customer_group_id: 4, qty: 5, percentage_value: 4 },
  ];
  expect(forGroup({ tier_prices: tiers }, 1).tier_prices).toEqual([tiers[0], tiers[1]]);
  expect(forGroup({ tier_prices: tiers }, null).tier_prices).toEqual([tiers[0]]);
});
