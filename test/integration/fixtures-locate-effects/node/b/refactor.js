function classify(n) {
  const kind = n > 10 ? 'big' : 'small';
  return kind;
}

function main() {
  const kinds = [];
  for (const n of [3, 30, 7]) {
    kinds.push(classify(n));
  }
  console.log(kinds.join(','));
}

main();
