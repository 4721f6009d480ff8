// Passes through a line, not machine stops (issue 22 item 5): what lldb-dap 19 said at a Rust
// `println!` line, which it binds to three code locations and stops at in turn, in each loop turn.
import { describe, expect, it } from 'vitest';
import { PassCounter, passOf, type StopPlace } from '../../../src/session/passes.js';

const caller = {
  name: 'core::ops::function::FnOnce::call_once::hf203b41b7a0a67d1',
  file: '/rustc/library/core/src/ops/function.rs',
  line: 250,
  instruction: '0x55555557147B',
};
const at = (instruction: string | null, line = 23, threadId = 1, callerAt = caller): StopPlace => ({
  threadId,
  frames: [{ name: 'strs::main::h69b0a24f6833cf7a', file: '/w/src/main.rs', line, instruction }, callerAt],
});
// Each turn of the loop: the line's three locations, in address order.
const turn = [at('0x55555556F06A'), at('0x55555556F08A'), at('0x55555556F0C8')];

describe('passOf', () => {
  it('continues a pass further on in the line, and starts one where the code jumped back', () => {
    expect(passOf(null, turn[0]!)).toBe('new');
    expect(passOf(turn[0]!, turn[1]!)).toBe('same');
    expect(passOf(turn[1]!, turn[2]!)).toBe('same');
    expect(passOf(turn[2]!, turn[0]!)).toBe('new');
  });

  it('starts a pass in another thread, another line, another frame or a call from another place', () => {
    expect(passOf(turn[0]!, at('0x55555556F08A', 23, 2))).toBe('new');
    expect(passOf(turn[0]!, at('0x55555556F08A', 24))).toBe('new');
    expect(passOf(turn[0]!, at('0x55555556F08A', 23, 1, { ...caller, line: 251 }))).toBe('new');
    expect(passOf(turn[0]!, at('0x55555556F08A', 23, 1, { ...caller, instruction: '0x555555571500' }))).toBe('new');
  });

  it('cannot tell without instruction addresses', () => {
    expect(passOf(at(null), at(null))).toBe('unknown');
  });
});

describe('PassCounter', () => {
  it('counts three loop turns of three stops each as three passes, and says why it let six stops go', () => {
    const counter = new PassCounter();
    const starts = [...turn, ...turn, ...turn].map((place) => counter.observe(place));
    expect(starts).toEqual([true, false, false, true, false, false, true, false, false]);
    expect(counter.passes).toBe(3);
    expect(counter.describe('lldb-dap')).toBe(
      'hits count passes through the line: 6 stops of lldb-dap continued a pass through the line already counted (the debugger stops at each code location of a line), so they were not counted as hits',
    );
  });

  it('counts every stop where it cannot tell, and says so; says nothing for an adapter that stops once per pass', () => {
    const unsure = new PassCounter();
    for (let i = 0; i < 3; i++) unsure.observe(at(null));
    expect(unsure.passes).toBe(3);
    expect(unsure.describe('my-adapter')).toMatch(
      /2 stops came right after a stop at the same line in the same frame, and my-adapter gives no instruction address to tell a new pass from the same one: each was counted as a hit$/,
    );
    const once = new PassCounter(true);
    for (let i = 0; i < 3; i++) once.observe(at(null));
    expect([once.passes, once.describe('debugpy')]).toEqual([3, null]);
  });
});
