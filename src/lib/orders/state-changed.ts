/**
 * The API's answer to an action on an order or a case that moved on meanwhile (the store acted,
 * or another tab did): ORDER_STATE_CHANGED, REFUND_STATE_CHANGED, EXCHANGE_STATE_CHANGED,
 * AFTERSALE_STATE_CHANGED. The stores load the order or case again before they hand the refusal
 * on, so the page shows the state it now has when it says so.
 */
export const isStateChanged = (msgCode: string): boolean => /^(ORDER|REFUND|EXCHANGE|AFTERSALE)_STATE_CHANGED$/.test(msgCode);
