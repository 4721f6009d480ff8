import fs from 'node:fs';

function parse(line: string): { name: string; qty: number } {
  const [name, qty] = line.split(',');
  return { name: name ?? '', qty: Number(qty) };
}

function main(path: string): void {
  let total = 0;
  // No check: a missing file is an uncaught ENOENT (the runs of locate's tests that end early).
  for (const [index, line] of fs.readFileSync(path, 'utf8').trimEnd().split('\n').entries()) {
    const { qty } = parse(line);
    total += qty;
  }
  console.log(total);
}

main(process.argv[2] ?? 'records.csv');
