/** The orders part of the account namespace (pl-PL is the source of truth; the other languages mirror its keys). */
const ordersPl = {
};

export type OrdersKey = keyof typeof ordersPl;
export default ordersPl;
