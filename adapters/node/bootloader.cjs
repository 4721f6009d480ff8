'use strict';
// bpdiff's Node.js debug adapter puts this file in NODE_OPTIONS (--require) of the program it
// launches, so it runs first in every Node process of the program's tree (npm, npx, shells, test
// runners and their children). It opens the inspector, tells the adapter its address through the
// named pipe in BPDIFF_NODE_INSPECTOR_FIFO and waits until the adapter has set its breakpoints.
// Without that variable, or when the adapter is gone, it does nothing.
(function bpdiffBootloader() {
  const fifo = process.env.BPDIFF_NODE_INSPECTOR_FIFO;
  if (!fifo) return;

  let isMainThread = true;
  try {
    isMainThread = require('node:worker_threads').isMainThread;
  } catch {
    // No worker_threads: a main thread.
  }
  // Workers (and Node 20's module-loader thread) share the process: one inspector per process.
  if (!isMainThread) return;

  const inspector = require('node:inspector');
  // Someone else is debugging this process (--inspect): stay out of the way.
  if (inspector.url()) return;

  const fs = require('node:fs');
  try {
    inspector.open(0, '127.0.0.1', false);
  } catch {
    return;
  }
  const url = inspector.url();
  if (!url) return;

  const report = `${JSON.stringify({
    pid: process.pid,
    ppid: process.ppid,
    url,
    // Short enough that the whole line stays below PIPE_BUF, so the write is atomic.
    script: String(process.argv[1] || '').slice(0, 1024),
  })}\n`;

  if (!announce(fifo, report)) {
    inspector.close();
    return;
  }
  let passEntries = null;
  let insertCalls = null;
  installCompileHook();
  // Blocks until the adapter sends Runtime.runIfWaitingForDebugger. That command is lost if it
  // arrives before this call, so the adapter repeats it until it sees the mark made below: a script
  // compiled (never run) under a name of its own, which the adapter hears of as it is parsed. (An
  // evaluation asking for a mark in globalThis, as it was, can arrive once the process runs on, and
  // V8 crashes when an instrumentation breakpoint pauses such an evaluation.)
  inspector.waitForDebugger();
  try {
    require('node:vm').compileFunction('', [], { filename: 'bpdiff-released' });
  } catch {
    // No vm: the adapter stops asking after its last attempt.
  }
  passPlan();

  function announce(file, line) {
    let fd;
    try {
      // Non-blocking: with no reader (the adapter died) this fails at once with ENXIO.
      fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    } catch {
      return false;
    }
    try {
      for (let attempt = 0; attempt < 200; attempt++) {
        try {
          fs.writeSync(fd, line);
          return true;
        } catch (error) {
          if (error?.code !== 'EAGAIN') return false;
          // The pipe is full for a moment: sleep 5 ms without spinning.
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        }
      }
      return false;
    } finally {
      fs.closeSync(fd);
    }
  }

  // CommonJS modules are compiled as functions, which V8's "before script with source map"
  // instrumentation pause does not cover. So the adapter can bind breakpoints through a module's
  // source map before the module runs, every module whose text names a source map passes through
  // beforeMappedCompile, where the adapter sets a breakpoint when it needs one.
  function installCompileHook() {
    let Module;
    try {
      Module = require('node:module');
    } catch {
      return;
    }
    const original = Module.prototype._compile;
    if (typeof original !== 'function') return;
    Module.prototype._compile = function _compile(content, filename, ...rest) {
      if (typeof content === 'string') content = countPasses(content, filename);
      // The process's main module (Module._load names it '.'; one Node's ES module loader loads is
      // process.mainModule): where the program's own code may start.
      if (this && (this.id === '.' || this === process.mainModule) && typeof content === 'string')
        beforeMainCompile(filename, content, compileProbe);
      if (typeof content === 'string' && content.lastIndexOf('sourceMappingURL=') !== -1)
        beforeMappedCompile(filename, content);
      return original.call(this, content, filename, ...rest);
    };
  }

  // Passes counted by the program itself (adapters/node/src/pass-plan.ts, pass-counts.ts): for a line
  // whose breakpoint is to stop first at its Nth pass, the adapter plans, in pass-counts.json beside
  // the pipe (read once the adapter lets the process run), a call to put before the statement that
  // starts the line, for the module whose text has the hash it planned from: put in by the CommonJS
  // hook above, and for an ES module by pass-loader.mjs. The call counts; at the first pass it calls
  // firstPass, where the adapter takes away the breakpoint V8 counts with, and at the Nth passReached,
  // where the adapter sets the breakpoint that stops this pass and every later one.
  function countPasses(content, filename) {
    const plan = passPlan();
    return plan.length === 0 || insertCalls === null ? content : insertCalls(content, filename, plan);
  }

  function passPlan() {
    if (passEntries !== null) return passEntries;
    passEntries = [];
    try {
      const read = JSON.parse(
        fs.readFileSync(require('node:path').join(require('node:path').dirname(fifo), 'pass-counts.json'), 'utf8'),
      );
      if (Array.isArray(read)) passEntries = read;
    } catch {
      // No plan: nothing is counted here.
    }
    if (passEntries.length === 0) return passEntries;
    // Compiled through the hook too, before insertCalls is set.
    insertCalls = require('./pass-insert.cjs').instrument;
    const counts = Object.create(null);
    const targets = Object.create(null);
    for (const entry of passEntries) targets[entry.id] = entry.count;
    Object.defineProperty(globalThis, Symbol.for('bpdiff.pass'), {
      value: function pass(id) {
        const count = (counts[id] = (counts[id] || 0) + 1);
        if (count === 1) firstPass(id);
        if (count === targets[id]) passReached(id);
      },
    });
    try {
      require('node:module').register(
        require('node:url').pathToFileURL(require('node:path').join(__dirname, 'pass-loader.mjs')).href,
        {
          data: { entries: passEntries },
        },
      );
    } catch {
      // No module.register: ES modules count in V8.
    }
    return passEntries;
  }

  function firstPass(id) {
    return id; // BPDIFF_COUNT_HOOK (the adapter breaks on this line)
  }

  function passReached(id) {
    return id; // BPDIFF_PASS_HOOK (the adapter breaks on this line)
  }

  function beforeMappedCompile(filename, content) {
    return [filename, content]; // BPDIFF_COMPILE_HOOK (the adapter breaks on this line)
  }

  // A launch with stopOnEntry stops at the first statement of the main module. Node compiles a
  // CommonJS module and runs it at once, so the adapter, breaking here before the compile, compiles a
  // copy through compileProbe (never run) to learn where that statement lies, and sets its breakpoint.
  function beforeMainCompile(filename, content, probe) {
    return [filename, content, probe]; // BPDIFF_MAIN_HOOK (the adapter breaks on this line)
  }

  function compileProbe(content) {
    return require('node:vm').compileFunction(content, ['exports', 'require', 'module', '__filename', '__dirname'], {
      filename: 'bpdiff-entry-probe',
    });
  }
})();
