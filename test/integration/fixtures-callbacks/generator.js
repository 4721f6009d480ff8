// locate-callbacks.test.ts: a for-of loop over the program's own generator, whose third value differs
// (B's PART): the loop's body, where it is used, is walked on each pass (V8 stepped from the `yield`
// on to where the generator resumed, and the body ran unseen: told after the loop, by the total).
function* nums(limit) {
  for (let i = 0; i < limit; i++) {
    yield process.env.PART && i === 2 ? i * 10 : i;
  }
}

let total = 0;
for (const n of nums(4)) {
  total += n;
}
console.log(total);
