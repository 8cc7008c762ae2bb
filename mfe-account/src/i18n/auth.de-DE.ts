import type { AuthKey } from './auth.pl-PL';

const words: Record<AuthKey, string> = {
};

export default words;
