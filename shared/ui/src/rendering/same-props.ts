/** Whether two props objects hold the same values, key by key (`Object.is`): what React.memo compares by default. */
export function sameProps(before: object, after: object): boolean {
  const keys = Object.keys(after) as (keyof typeof after)[];
  return keys.length === Object.keys(before).length && keys.every((key) => Object.is(before[key], after[key]));
}
