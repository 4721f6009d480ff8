function make(x) {
  return { x, y: x * 3 };
}

const made = make(3);
console.log(made.x);
