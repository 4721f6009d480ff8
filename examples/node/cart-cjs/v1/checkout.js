'use strict';
// Checkout for one customer: builds the cart and prints what they pay.
const { Cart, applyDiscount } = require('./cart');

const rate = Number(process.argv[2] ?? '0.15');
const cart = new Cart('ann')
  .add('pen', 199, 3)
  .add('notebook', 349, 2)
  .add('pen', 199, 1);

const totals = applyDiscount(cart, rate);
console.log(`${cart.owner} pays ${(totals.net / 100).toFixed(2)} (discount ${(totals.discount / 100).toFixed(2)})`);
