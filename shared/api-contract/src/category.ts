import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './envelope';

/** A category of the catalogue (spec §3) as the API and the `category` search serve it. */
export const Category = Type.Object({
  id: Type.Integer(),
  parent_id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  url_key: Type.String(),
  url_path: Type.String(),
  path: Type.String(),
  level: Type.Integer(),
  position: Type.Integer(),
  is_active: Type.Boolean(),
  display_mode: Type.Union([Type.Literal('PRODUCTS'), Type.Literal('PAGE'), Type.Literal('PRODUCTS_AND_PAGE')]),
  h1_text: Type.String(),
  meta_title: Type.String(),
  meta_description: Type.String(),
  description: Type.String(),
  image: Nullable(Type.String()),
  thumbnail_image: Nullable(Type.String()),
  product_count: Type.Integer(),
  children_count: Type.Integer(),
  /** VSF's tree: each child's id and, below it, its own children_data. */
  children_data: Type.Array(Type.Object({ id: Type.Integer(), children_data: Type.Array(Type.Unknown()) })),
});
export type Category = Static<typeof Category>;
