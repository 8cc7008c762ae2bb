import type { OrdersKey } from './orders.pl-PL';

const words: Record<OrdersKey, string> = {
};

export default words;
