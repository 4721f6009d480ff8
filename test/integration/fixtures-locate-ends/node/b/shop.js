class Shop {
  constructor() {
    this.rate = 2;
  }

  discount(n) {
    return n - 1;
  }

  total(n) {
    return n * this.rate;
  }
}

console.log(new Shop().total(3));
