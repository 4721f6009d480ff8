// CommonJS: an uncaught error at an ES module's top level is a rejection of the module's evaluation,
// which V8 counts as caught (the run would only say that it exited with code 1).
const fs = require('node:fs');

function parse(line) {
  const [name, qty] = line.split(',');
  return { name, qty: Number(qty) };
}

function main(path) {
  let total = 0;
  // No check: a missing file is an uncaught ENOENT (the runs of locate's tests that end early).
  for (const [index, line] of fs.readFileSync(path, 'utf8').trimEnd().split('\n').entries()) {
    const { qty } = parse(line);
    total += qty;
  }
  console.log(total);
}

main(process.argv[2]);
