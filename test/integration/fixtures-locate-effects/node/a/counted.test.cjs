const test = require('node:test');
const assert = require('node:assert');
const { total } = require('./counted.cjs');

test('total', () => {
  assert.strictEqual(total([1, 2, 3]), 6);
});
