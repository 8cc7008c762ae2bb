import { Type } from '@sinclair/typebox';

/*
 * How the catalogue writes its numbers: prices are money (`Type.Number`), measurements too
 * (power in W, sizes in mm, weight in kg); ids, counts and days are integers.
 */

/** 0 or 1, as Magento writes its yes/no attributes. */
export const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
export const Money = Type.Number();
export const Measure = Type.Number();
