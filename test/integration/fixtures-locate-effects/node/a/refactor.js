function classify(n) {
  let kind;
  if (n > 10) {
    kind = 'big';
  } else {
    kind = 'small';
  }
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
