// bench/locate.ts: a loop whose two runs part ways at the iteration PART names (env), ~5 lines each.
const count = Number(process.env.COUNT ?? '2000');
let total = 0;
for (let i = 0; i < count; i++) {
  const x = i * 3;
  const y = x % 7;
  total += y;
  if (i === Number(process.env.PART ?? '-1')) {
    total += 1;
  }
}
console.log(total);
