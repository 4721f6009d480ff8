'use strict';
// Cart totals. Prices are integer cents.

class LineItem {
  constructor(sku, unitPrice, qty) {
    this.sku = sku;
    this.unitPrice = unitPrice;
    this.qty = qty;
  }
}

class Cart {
  constructor(owner) {
    this.owner = owner;
    this.items = [];
    this.quantities = new Map();
  }

  add(sku, unitPrice, qty) {
    this.items.push(new LineItem(sku, unitPrice, qty));
    this.quantities.set(sku, (this.quantities.get(sku) ?? 0) + qty);
    return this;
  }
}

// v2 ("per-line discounts"): the discount is now taken from each unit price, rounded down.
function applyDiscount(cart, rate) {
  const gross = cart.items.reduce((sum, item) => sum + item.unitPrice * item.qty, 0);
  const discount = cart.items.reduce((sum, item) => sum + Math.floor(item.unitPrice * rate) * item.qty, 0);
  const net = gross - discount;
  return { gross, discount, net };
}

module.exports = { Cart, LineItem, applyDiscount };
