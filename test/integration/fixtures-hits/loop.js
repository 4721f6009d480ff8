// bpdiff's hit tests: LIMIT iterations; at iteration BUMP the step is one more. Line 8 runs once per
// iteration, before acc takes the step: at hit k, i is k-1 and acc the sum of the steps before it.
const limit = Number(process.argv[2]);
const bump = Number(process.argv[3]);
let acc = 0;
for (let i = 0; i < limit; i++) {
  const step = i + (i === bump ? 1 : 0);
  acc += step;
}
console.log(acc);
