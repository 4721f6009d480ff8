import { describe, expect, it } from 'vitest';
import { describeEnd, OutputTail } from '../../../src/dap/output-tail.js';

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

  it('keeps a last line that only looks like a frame when nothing else was written', () => {
    expect(describeEnd({ code: 1, signal: null }, tail('\tat nothing else\n'))).toBe(
      'it exited with code 1; its last words: at nothing else',
    );
  });
});
