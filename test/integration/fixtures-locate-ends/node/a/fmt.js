function fmt(x) { return String(x); }
console.log(fmt(1234));
