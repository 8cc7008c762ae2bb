import { useSyncExternalStore } from 'react';
import type { CartEngine, EditMode } from '../engine/cart-engine';

/** The engine's edit mode (spec: open with a line's product, qty and options; close to null). */
export function useEditMode(engine: CartEngine): EditMode | null {
  return useSyncExternalStore(
    (listener) => engine.onEditChange(listener),
    () => engine.edit,
    () => null,
  );
}
