import { outputRange } from './heating-at';

describe('outputRange: a product and its variants at the shopper\'s temperatures', () => {
  const heatPump = { supply: 45, return: 35, room: 20 };
  test.each([
    [{ power_75_65_20: 1000 }, { supply: 75, return: 65, room: 20 }, { min: 1000, max: 1000 }],
    [{ power_75_65_20: 1000 }, heatPump, { min: 297, max: 297 }],
    [{ power_75_65_20: 1000, heat_exponent: 1.25 }, heatPump, { min: 311, max: 311 }],
    [{ configurable_children: [{ power_75_65_20: 2000 }, { power_75_65_20: 1000 }, {}] }, heatPump, { min: 297, max: 594 }],
    [{ power_75_65_20: 1000 }, { supply: 55, return: 45, room: 24 }, { min: 422, max: 422 }],
    [{}, heatPump, null],
    [{ power_75_65_20: 0 }, heatPump, null],
  ])('%j at %j → %j', (product, at, range) => {
    expect(outputRange(product, at)).toEqual(range);
  });
});
