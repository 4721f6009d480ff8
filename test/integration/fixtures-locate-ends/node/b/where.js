const here = process.cwd();
console.log('reading', `${here}/config.ini`);
const count = 1;
// A test runner's report of its own time, which no two runs share (here the pid stands for it).
console.log(`  duration_ms: ${process.pid / 1000}`);
console.log('done in', here);
