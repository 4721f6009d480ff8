function scale(x) {
  return x * 2;
}

function main() {
  const y = scale(21);
  const z = y + 1;
  console.log(z);
}

main();
