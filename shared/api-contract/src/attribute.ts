import { Type, type Static } from '@sinclair/typebox';

/** One option of an attribute, with its label. */
export const AttributeOption = Type.Object({
  value: Type.String(),
  label: Type.String(),
  /** Swatch colour for colour options. */
  swatch: Type.Optional(Type.String()),
  sort_order: Type.Integer(),
});
export type AttributeOption = Static<typeof AttributeOption>;

/** An attribute of the catalogue (spec §3): label, unit and, for an option attribute, the options whose ids products hold. */
export const Attribute = Type.Object({
  attribute_id: Type.Integer(),
  attribute_code: Type.String(),
  frontend_label: Type.String(),
  frontend_input: Type.Union(
    ['select', 'multiselect', 'text', 'price', 'boolean', 'date', 'weee'].map((input) =>
      Type.Literal(input as 'select' | 'multiselect' | 'text' | 'price' | 'boolean' | 'date' | 'weee'),
    ),
  ),
  /** Unit shown after values: W, mm, kg, bar, dni. */
  unit: Type.Optional(Type.String()),
  is_user_defined: Type.Boolean(),
  is_visible: Type.Boolean(),
  is_visible_on_front: Type.Boolean(),
  is_comparable: Type.Boolean(),
  is_filterable: Type.Boolean(),
  position: Type.Integer(),
  options: Type.Array(AttributeOption),
});
export type Attribute = Static<typeof Attribute>;
