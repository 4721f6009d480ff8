class Shop {
  constructor() {
    this.rate = 2;
  }

  total(n) {
    return n * this.rate;
  }
}

console.log(new Shop().total(3));
