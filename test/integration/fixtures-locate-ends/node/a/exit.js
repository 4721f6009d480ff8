process.exitCode = process.argv[2] === 'A' ? 0 : 3;
console.log('done');
