import type { ProfileKey } from './profile.pl-PL';

const words: Record<ProfileKey, string> = {
};

export default words;
