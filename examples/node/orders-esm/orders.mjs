// Reads an order export (JSON) and prints the shipping quote of each order.
import { readFileSync } from 'node:fs';
import { quoteShipping } from './shipping.mjs';

const file = process.argv[2] ?? new URL('./week1.json', import.meta.url);
const orders = JSON.parse(readFileSync(file, 'utf8'));
const byCustomer = new Map();
for (const order of orders) {
  const quote = quoteShipping(order);
  byCustomer.set(order.customer, quote);
  console.log(`${order.customer}: ${quote.weight} kg, shipping ${(quote.fee / 100).toFixed(2)}`);
}
