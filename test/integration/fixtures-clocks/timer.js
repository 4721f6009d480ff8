function work(n) {
  let s = 0;
  for (let i = 0; i < n; i++) s += i;
  return s;
}
const t0 = performance.now();
const total = work(1000);
const took = performance.now() - t0;
console.log(total, took > 0);
