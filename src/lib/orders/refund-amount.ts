/**
 * What a returned line gives back: what it cost the member, its price less its share of the
 * order's discount (a coupon), shared over the goods by value. Rounded down to whole units (the
 * catalogue prices in them), so an order's refunds never add up to more than its goods cost.
 * The refund page shows it and the API refunds it, from this one rule.
 */
export function returnedAmount(order: { discount: number; payment: { goods: number } }, unitPrice: number, quantity: number): number {
  const value = unitPrice * quantity;
  const goods = order.payment.goods;
  if (order.discount <= 0 || goods <= 0) return value;
  return Math.floor((value * (goods - Math.min(order.discount, goods))) / goods);
}
