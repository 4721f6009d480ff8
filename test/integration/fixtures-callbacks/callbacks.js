// locate-callbacks.test.ts: Array's map and sort call key() back; the runs part ways in key(), on a later call.
function key(x) {
  let y = x * 2;
  if (x === 2 && process.env.PART) {
    y += 10;
  }
  return y;
}

function main() {
  const v = [3, 1, 2];
  const w = v.map((x) => x + 1);
  const s = [...v].sort((a, b) => key(a) - key(b));
  console.log(w, s);
}

main();
