function price(i) {
  const base = i !== 499 ? i * 3 : i * 3 + 1;
  return base + 1;
}

function lineTotal(i) {
  const p = price(i);
  return p * 2;
}

function order(n) {
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += lineTotal(i);
  }
  return total;
}

console.log(order(Number(process.argv[2])));
