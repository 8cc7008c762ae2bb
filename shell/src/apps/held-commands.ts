import type { HeldCommand, HeldCommandStore } from '@kaloryfer/contracts';

/** Where this tab keeps a shopper's commands that wait for a remote's code (session storage: this tab, across its reloads). */
export const HELD_COMMANDS_KEY = 'kf_held_commands';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The store `keepWaitingCommandsIn` (shared/contracts) keeps kept commands in: a first visit's
 * "Dodaj do koszyka" pressed offline, before the cart's code could arrive, survives a reload of
 * the tab and reaches the cart when its code does (docs/offline.md, "A first visit offline").
 * This tab only: another tab never sends a command twice.
 */
export function sessionHeldCommands(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = sessionStore()): HeldCommandStore {
  return {
    load: () => {
      const text = storage?.getItem(HELD_COMMANDS_KEY);
      const parsed = text ? (JSON.parse(text) as unknown) : [];
      return Array.isArray(parsed) ? (parsed as HeldCommand[]) : [];
    },
    save: (commands) => {
      if (commands.length === 0) storage?.removeItem(HELD_COMMANDS_KEY);
      else storage?.setItem(HELD_COMMANDS_KEY, JSON.stringify(commands));
    },
  };
}
