// An object and a Map of arrow functions, a worker thread and their texts (issue 33): two runs of this
// program hold the same values.
const { Worker } = require('node:worker_threads');
const table = { a: () => 1, b: function named() { return 2; } };
const steps = new Map([['inc', (x) => x + 1]]);
const text = String(table.a) + String(steps.get('inc'));
const worker = new Worker('1', { eval: true });
worker.on('exit', () => {
  const x = 1;
  console.log(x + steps.get('inc')(1) + table.a() + text.length);
});
