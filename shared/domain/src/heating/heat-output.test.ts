import {
  BATHROOM_ROOM_TEMPERATURE,
  HEATING_PRESETS,
  heatOutput,
  logMeanDeltaT,
  neededOutput,
  parseTemperatures,
  temperaturesKey,
  temperaturesProblem,
} from './heat-output';

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

  test.each([[{ supply: 20, return: 15, room: 20 }], [{ supply: 40, return: 45, room: 20 }], [{ supply: 30, return: 20, room: 20 }]])(
    'no output when the water is not warmer than the room: %j',
    (temperatures) => {
      expect(logMeanDeltaT(temperatures)).toBeNull();
      expect(heatOutput(1000, temperatures)).toBe(0);
    },
  );

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

  test.each([
    [12, 'living', 960],
    [6, 'bathroom', 600],
    [10, 'hall', 600],
  ] as const)('%i m² %s needs %i W', (area, room, watts) => {
    expect(neededOutput(area, room)).toBe(watts);
  });
});

describe("the shopper's temperatures", () => {
  test.each<[string, ReturnType<typeof parseTemperatures>]>([
    ['55/45/20', { supply: 55, return: 45, room: 20 }],
    ['45-35-24', { supply: 45, return: 35, room: 24 }],
    [' 75/65/20 ', { supply: 75, return: 65, room: 20 }],
    ['50/50/20', { supply: 50, return: 50, room: 20 }],
    ['45/35/35', null], // room above the 30 °C limit
    ['45/20/20', null], // return not warmer than the room
    ['40/45/20', null], // return warmer than supply
    ['99/65/20', null], // supply above 95 °C
    ['29/25/20', null], // supply below 30 °C
    ['55/45', null],
    ['55.5/45/20', null],
    ['abc', null],
  ])('%s → %j', (text, temperatures) => {
    expect(parseTemperatures(text)).toEqual(temperatures);
  });

  test.each([
    [{ supply: 55, return: 45, room: 20 }, null],
    [{ supply: 55, return: 45.5, room: 20 }, 'temperatures must be whole degrees'],
    [{ supply: 45, return: 35, room: 9 }, 'room must be from 10 to 30 °C'],
    [{ supply: 45, return: 50, room: 20 }, 'return cannot be warmer than supply'],
    [{ supply: 45, return: 24, room: 24 }, 'return must be warmer than the room'],
  ])('%j: %s', (temperatures, problem) => {
    expect(temperaturesProblem(temperatures)).toBe(problem);
  });

  test('every preset is usable and written as installers write it; the bathroom is 24 °C', () => {
    expect(HEATING_PRESETS.map(temperaturesKey)).toEqual(['75/65/20', '70/55/20', '55/45/20', '45/35/20']);
    for (const preset of HEATING_PRESETS) expect(temperaturesProblem({ ...preset, room: BATHROOM_ROOM_TEMPERATURE })).toBeNull();
  });
});
