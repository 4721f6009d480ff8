// A frame's function as bpdiff names it: the frame's name as the adapter gives it, without the argument
// list some adapters write after it (lldb-dap's `Cart::add(std::string const&, int)`) and a C++
// method's qualifiers after that (`Cart::total() const`), and a Rust legacy symbol's hash
// (`q10::Cart::total::h2718029af716c3ea`), whose escapes are undone (`_$u7b$$u7b$closure$u7d$$u7d$`).

const ARGUMENTS = /\((?:[^()]|\([^()]*\))*\)(?:\s*(?:const|volatile|noexcept|&&|&))*\s*$/;

const RUST_HASH = /::h[0-9a-f]{16}$/;

/** A Rust legacy symbol's escapes (`_$u7b$$u7b$closure$u7d$$u7d$` is `{{closure}}`). */
const RUST_ESCAPES: Record<string, string> = { SP: '@', BP: '*', RF: '&', LT: '<', GT: '>', LP: '(', RP: ')', C: ',' };
const RUST_ESCAPE = /\$(SP|BP|RF|LT|GT|LP|RP|C|u[0-9a-f]{2,6})\$/g;

function unescapeRust(name: string): string {
  if (!name.includes('$')) return name;
  return name
    .replace(/(^|::)_(?=\$)/g, '$1')
    .replaceAll('..', '::')
    .replace(RUST_ESCAPE, (_, code: string) =>
      code.startsWith('u') ? String.fromCodePoint(Number.parseInt(code.slice(1), 16)) : RUST_ESCAPES[code]!,
    );
}

/** `Cart::total() const` -> `Cart::total`; `operator()(int) const` -> `operator()`; `q10::Cart::total::h2718029af716c3ea` -> `q10::Cart::total`; `main.fetch`, `Object#parse`, `<lambda>` as given. */
export function functionName(frameName: string): string {
  // The call operator's own parentheses (a C++ lambda's `operator()`) are its name, not an argument list.
  const held = frameName.replace(/\boperator\s*\(\)/g, 'operator\u0000');
  return unescapeRust(held.replace(ARGUMENTS, '').replace(RUST_HASH, '')).replaceAll('operator\u0000', 'operator()');
}
