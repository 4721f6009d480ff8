function down(n, acc) {
  if (n === 0) {
    return acc + 0;
  }
  const step = acc + (n % 7);
  return down(n - 1, step);
}
console.log(down(Number(process.argv[2]), 0));
