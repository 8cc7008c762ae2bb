/** The auth part of the account namespace (pl-PL is the source of truth; the other languages mirror its keys). */
const authPl = {
};

export type AuthKey = keyof typeof authPl;
export default authPl;
