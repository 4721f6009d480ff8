// bench/locate.ts: a divergence about 100,000 executed lines into a run, three calls deep: order's loop
// calls lineTotal, which calls price; B's price parts at the pass PART names (env), read where it is
// compared (no local of the walk's frames holds it).
function price(i) {
  let base = i * 3;
  if (String(i) === process.env.PART) {
    base += 1;
  }
  return base + 1;
}

function lineTotal(i) {
  const p = price(i);
  const q = p % 7;
  return p * 2 + q;
}

function order(count) {
  let total = 0;
  for (let i = 0; i < count; i++) {
    total += lineTotal(i);
  }
  return total;
}

console.log(order(Number(process.env.COUNT ?? '2000')));
