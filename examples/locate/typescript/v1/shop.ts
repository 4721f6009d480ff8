const TIERS: number[] = [0, 10, 20, 50];

function discount(qty: number): number {
  let rate = 0;
  for (const limit of TIERS) {
    if (qty > limit) {
      rate += 0.05;
    }
  }
  return rate;
}

function checkout(quantities: number[]): number {
  let total = 0;
  for (const qty of quantities) {
    const rate = discount(qty);
    total += qty * (1 - rate);
  }
  return total;
}

console.log(checkout([5, 12, 20, 60]).toFixed(2));
