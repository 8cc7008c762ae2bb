import { heatOutput, logMeanDeltaT, neededOutput } from './heat-output';

describe('PN-EN 442 heat output', () => {
  test.each([
    [{ supply: 75, return: 65, room: 20 }, 49.83],
    [{ supply: 70, return: 55, room: 20 }, 42.06],
    [{ supply: 55, return: 45, room: 20 }, 29.72],
    [{ supply: 45, return: 35, room: 20 }, 19.58],
    [{ supply: 50, return: 50, room: 20 }, 30],
  ])('ΔT at %j ≈ %f K', (temperatures, delta) => {
    expect(logMeanDeltaT(temperatures)).toBeCloseTo(delta, 2);
  });

  test.each([
    [{ supply: 20, return: 15, room: 20 }],
    [{ supply: 40, return: 45, room: 20 }],
    [{ supply: 30, return: 20, room: 20 }],
  ])('no output when the water is not warmer than the room: %j', (temperatures) => {
    expect(logMeanDeltaT(temperatures)).toBeNull();
    expect(heatOutput(1000, temperatures)).toBe(0);
  });

  // A 1000 W (75/65/20) panel radiator, n = 1.3: heat pumps get roughly a third to a half.
  test.each([
    [{ supply: 75, return: 65, room: 20 }, 1.3, 1000],
    [{ supply: 70, return: 55, room: 20 }, 1.3, 802],
    [{ supply: 55, return: 45, room: 20 }, 1.3, 511],
    [{ supply: 45, return: 35, room: 20 }, 1.3, 297],
    [{ supply: 55, return: 45, room: 24 }, 1.3, 422],
    [{ supply: 45, return: 35, room: 20 }, 1.25, 311],
  ])('1000 W at %j with n=%f → %i W', (temperatures, exponent, watts) => {
    expect(heatOutput(1000, temperatures, exponent)).toBe(watts);
  });

  test.each([[12, 'living', 960], [6, 'bathroom', 600], [10, 'hall', 600]] as const)('%i m² %s needs %i W', (area, room, watts) => {
    expect(neededOutput(area, room)).toBe(watts);
  });
});
