/** The profile part of the account namespace (pl-PL is the source of truth; the other languages mirror its keys). */
const profilePl = {
};

export type ProfileKey = keyof typeof profilePl;
export default profilePl;
