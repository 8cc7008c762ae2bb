import { $connectivity } from '@kaloryfer/contracts';
import { useClientStore } from '@kaloryfer/ui';

/** Online as far as a server render knows; the browser's state after hydration. */
const ONLINE = { online: true };

export const useOnline = () => useClientStore($connectivity, ONLINE).online;
