import { $heatingAt, adoptStoredTemperatures, outputRange, temperaturesFromCookie } from './heating-at';

describe("outputRange: a product and its variants at the shopper's temperatures", () => {
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

describe('the temperatures cookie the page server reads', () => {
  test.each([
    [undefined, { supply: 75, return: 65, room: 20 }],
    ['45%2F35%2F20', { supply: 45, return: 35, room: 20 }],
    ['55/45/24', { supply: 55, return: 45, room: 24 }],
    ['nonsense', { supply: 75, return: 65, room: 20 }],
    ['%E0%A4', { supply: 75, return: 65, room: 20 }],
  ])('%s → %j', (value, temperatures) => {
    expect(temperaturesFromCookie(value)).toEqual(temperatures);
  });

  test('temperatures an earlier version kept in localStorage move into the cookie (after hydration)', () => {
    document.cookie = 'kf_heat=; max-age=0; path=/';
    localStorage.setItem('kaloryfer.heating-at', '50/40/20');
    adoptStoredTemperatures();
    expect($heatingAt.get()).toEqual({ supply: 50, return: 40, room: 20 });
    expect(document.cookie).toContain('kf_heat=50%2F40%2F20');
    expect(localStorage.getItem('kaloryfer.heating-at')).toBeNull();
  });
});
