import { describe, expect, it } from 'vitest';
import { describeEnd, LineDigest, OutputTail } from '../../../src/dap/output-tail.js';
import { pathsInText } from '../../../src/values/paths.js';

function tail(text: string): OutputTail {
  const out = new OutputTail();
  out.push(text);
  return out;
}

describe('describeEnd', () => {
  it('says how the process ended and the last line it wrote', () => {
    expect(describeEnd({ code: 2, signal: null }, tail('starting\nno such file: x.py\n'))).toBe(
      'it exited with code 2; its last words: no such file: x.py',
    );
    expect(describeEnd({ code: null, signal: 'SIGKILL' }, tail(''))).toBe('it was killed by SIGKILL');
    expect(describeEnd(null, tail('listening\n'))).toBe('its last words: listening');
  });

  it("passes over an error's backtrace to the error's own line", () => {
    const ruby = [
      "/usr/lib/ruby/gems/3.1.0/gems/debug-1.4.0/lib/debug/server.rb:54:in `accept': Address already in use (Errno::EADDRINUSE)",
      "\tfrom /usr/lib/ruby/gems/3.1.0/gems/debug-1.4.0/lib/debug/session.rb:205:in `block in activate'",
      '',
    ].join('\n');
    expect(describeEnd({ code: 1, signal: null }, tail(ruby))).toBe(
      "it exited with code 1; its last words: /usr/lib/ruby/gems/3.1.0/gems/debug-1.4.0/lib/debug/server.rb:54:in `accept': Address already in use (Errno::EADDRINUSE)",
    );
    const java =
      'Exception in thread "main" java.lang.IllegalStateException: no port\n\tat Main.main(Main.java:3)\n\t... 2 more\n';
    expect(describeEnd({ code: 1, signal: null }, tail(java))).toBe(
      'it exited with code 1; its last words: Exception in thread "main" java.lang.IllegalStateException: no port',
    );
  });

  it("passes over Go's dump of its goroutines to the panic it dumped them for (dlv's own crash)", () => {
    const panic = [
      'DAP server listening at: 127.0.0.1:40113',
      'panic: runtime error: invalid memory address or nil pointer dereference',
      '[signal SIGSEGV: segmentation violation code=0x1 addr=0x10 pc=0x8a1f30]',
      '',
      'goroutine 35 [running]:',
      'github.com/go-delve/delve/service/dap.(*Session).onStackTraceRequest(0xc0001b2000, 0xc00041a0c0)',
      '\t/build/delve-1.20.2/service/dap/server.go:3445 +0x150',
      'created by github.com/go-delve/delve/service/dap.(*Session).ServeDAPCodec',
      '\t/build/delve-1.20.2/service/dap/server.go:310 +0x7b',
      '',
    ].join('\n');
    expect(describeEnd({ code: 2, signal: null }, tail(panic))).toBe(
      'it exited with code 2; its last words: panic: runtime error: invalid memory address or nil pointer dereference',
    );
    const fatal =
      'fatal error: all goroutines are asleep - deadlock!\n\ngoroutine 1 [chan receive]:\nmain.main()\n\t/src/main.go:5 +0x25\nexit status 2\n';
    expect(describeEnd({ code: 1, signal: null }, tail(fatal))).toBe(
      'it exited with code 1; its last words: fatal error: all goroutines are asleep - deadlock!',
    );
    // A dump whose panic line was cut from the tail: the last line that is not a frame, as before.
    expect(describeEnd({ code: 2, signal: null }, tail('goroutine 1 [running]:\nmain.main()\n\tfrom here\n'))).toBe(
      'it exited with code 2; its last words: main.main()',
    );
  });

  it('keeps a last line that only looks like a frame when nothing else was written', () => {
    expect(describeEnd({ code: 1, signal: null }, tail('\tat nothing else\n'))).toBe(
      'it exited with code 1; its last words: at nothing else',
    );
  });
});

describe("LineDigest: a run's output digest with its own folders as placeholders", () => {
  const through = pathsInText([{ path: '/x/main', token: '<cwd>', what: "the run's working directory" }]);
  const other = pathsInText([{ path: '/x/pr', token: '<cwd>', what: "the run's working directory" }]);
  const digestOf = (pieces: string[], via: (text: string) => string): string => {
    const digest = new LineDigest(via);
    for (const piece of pieces) digest.add(piece);
    return digest.digest();
  };

  it('two checkouts that write their own folder digest alike, however the text came in pieces', () => {
    const a = digestOf(['reading /x/ma', 'in/config.ini\n', 'done'], through);
    const b = digestOf(['reading /x/pr/config.ini\ndo', 'ne'], other);
    expect(a).toBe(b);
    // Another file, or a folder that only begins alike (`/x/main2`), still differs.
    expect(digestOf(['reading /x/main/other.ini\ndone'], through)).not.toBe(b);
    expect(digestOf(['reading /x/main2/config.ini\ndone'], through)).not.toBe(
      digestOf(['reading /x/pr2/config.ini\ndone'], other),
    );
  });

  it("an OutputTail's digest through it from its first text; as written without it", () => {
    const [a, b] = [new OutputTail(), new OutputTail()];
    a.digestThrough(through);
    b.digestThrough(other);
    a.push('at /x/main\n');
    b.push('at /x/pr\n');
    expect(a.digest()).toBe(b.digest());
    expect(a.text).toBe('at /x/main\n');
    expect(tail('at /x/main\n').digest()).not.toBe(tail('at /x/pr\n').digest());
  });
});
