import { useEffect, useRef } from 'react';

type Find = () => HTMLElement | null | undefined;

/**
 * Focus moves to something the next render draws (the form just opened, the card just saved, the
 * heading of a list that lost the focused button). Call it together with the state change.
 */
export function useFocusLater(): (find: Find) => void {
  const pending = useRef<Find | null>(null);
  useEffect(() => {
    const find = pending.current;
    if (!find) return;
    pending.current = null;
    find()?.focus();
  });
  return (find) => {
    pending.current = find;
  };
}
