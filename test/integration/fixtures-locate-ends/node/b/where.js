const here = process.cwd();
console.log('reading', `${here}/config.ini`);
const count = 1;
console.log('done in', here);
