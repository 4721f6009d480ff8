// Loaded into bpdiff by the memory bench (bench/locate-memory.ts, `node --expose-gc --require`): every
// second, a full garbage collection, then the live JavaScript heap in kB appended to the file
// $BPDIFF_BENCH_HEAP_LOG names. The resident size alone cannot tell what bpdiff keeps from garbage V8
// has not collected yet; the heap after a full collection can.
const fs = require('node:fs');

const file = process.env.BPDIFF_BENCH_HEAP_LOG;
if (file && typeof global.gc === 'function') {
  const timer = setInterval(() => {
    global.gc();
    fs.appendFileSync(file, `${Math.round(process.memoryUsage().heapUsed / 1024)}\n`);
  }, 1000);
  timer.unref();
}
