function total(items) {
  let s = 0;
  for (const i of items) {
    s += i;
  }
  return s;
}

module.exports = { total };
