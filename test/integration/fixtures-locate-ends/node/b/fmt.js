function fmt(x) { return String(x).padStart(6, '0'); }
console.log(fmt(1234));
