// bpdiff's `hit` bench: LIMIT passes through the loop's body line, three calls a pass.
function double(x) {
  return x * 2;
}
function halve(x) {
  return Math.floor(x / 2);
}
function add(x, y) {
  return x + y;
}
const limit = Number(process.argv[2]);
let acc = 0;
for (let i = 0; i < limit; i++) {
  acc = add(acc, halve(double(i))); // the breakpoint
}
console.log(acc);
