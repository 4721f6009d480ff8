// Applies a day's movements (a JSON file) and prints what to reorder:
// `node --enable-source-maps dist/main.js data/monday.json`.
import { readFileSync } from 'node:fs';
import { reorderList, Warehouse, type Movement } from './stock.js';

const file = process.argv[2] ?? 'data/monday.json';
const movements = JSON.parse(readFileSync(file, 'utf8')) as Movement[];
const warehouse = new Warehouse('north');
const seen = new Set<string>();
for (const movement of movements) {
  warehouse.apply(movement);
  seen.add(movement.sku);
}
const reorder = reorderList(warehouse, seen, 10);
console.log(`reorder: ${reorder.join(', ') || 'nothing'}`);
