// An order's number as the student sees it on the orders page, the mail and
// the receipt: the order row's id, padded so numbers line up ("TMA-000042").

export const orderNumber = (orderId: number) => `TMA-${String(orderId).padStart(6, "0")}`;
