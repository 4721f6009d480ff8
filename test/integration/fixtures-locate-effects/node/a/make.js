function make(x) {
  return { x, y: x * 2 };
}

const made = make(3);
console.log(made.x);
