// Shipping for one parcel: a base fee per kilogram, free above a basket value.
const RATE_PER_KG = 450; // cents
const FREE_ABOVE = 5000; // cents

export function quoteShipping(order) {
  let weight = 0;
  for (const line of order.lines) {
    weight += line.weightKg; // weight of the whole line, as the warehouse exports it
  }
  const value = order.lines.reduce((sum, line) => sum + line.price * line.qty, 0);
  const carriers = new Set(order.lines.map((line) => line.carrier));
  const fee = value >= FREE_ABOVE ? 0 : Math.ceil(weight * RATE_PER_KG);
  return { weight, value, carriers: carriers.size, fee };
}
