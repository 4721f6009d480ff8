// A program that starts a daemon through sh (setsid, in the background, and sh exits at once), then
// stops at line 21 while the daemon sleeps: neither its parent nor its session is the run's.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');

function startDaemon(pidFile) {
  const script = `setsid sh -c 'echo $$ > "$1.tmp"; mv "$1.tmp" "$1"; exec sleep 300' daemon "$1" </dev/null >/dev/null 2>&1 &`;
  execFileSync('sh', ['-c', script, 'sh', pidFile], { stdio: 'ignore' });
  while (!fs.existsSync(pidFile)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  return Number(fs.readFileSync(pidFile, 'utf8'));
}

function parentOf(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

const daemon = startDaemon(process.argv[2]);
const daemonParent = parentOf(daemon);
const sameParent = daemonParent === process.pid;
console.log(daemon, daemonParent, sameParent);
