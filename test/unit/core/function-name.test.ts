import { describe, expect, it } from 'vitest';
import { functionName } from '../../../src/core/function-name.js';

describe('functionName', () => {
  it.each([
    ['Cart::total() const', 'Cart::total'],
    ['Cart::add(std::string const&, int, double)', 'Cart::add'],
    ['apply(std::function<void (int)>) &&', 'apply'],
    ['q10::Cart::total::h2718029af716c3ea', 'q10::Cart::total'],
    ['operator()', 'operator()'],
    ['main()::$_0::operator()(Order const&, Order const&) const', 'main()::$_0::operator()'],
    ['Cart::operator+=(int)', 'Cart::operator+='],
    ['ranks::main::_$u7b$$u7b$closure$u7d$$u7d$', 'ranks::main::{{closure}}'],
    ['_$LT$T$u20$as$u20$core..fmt..Debug$GT$::fmt::h0123456789abcdef', '<T as core::fmt::Debug>::fmt'],
    ['fetch', 'fetch'],
    ['main.fetch', 'main.fetch'],
    ['Object#parse', 'Object#parse'],
    ['<lambda>', '<lambda>'],
    ['block in total', 'block in total'],
  ])('%s -> %s', (frame, name) => expect(functionName(frame)).toBe(name));
});
