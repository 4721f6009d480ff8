// A frame's function as bpdiff names it: the frame's name as the adapter gives it, without the argument
// list some adapters write after it (lldb-dap's `Cart::add(std::string const&, int)`) and a C++
// method's qualifiers after that (`Cart::total() const`), and a Rust legacy symbol's hash
// (`q10::Cart::total::h2718029af716c3ea`).

const ARGUMENTS = /\((?:[^()]|\([^()]*\))*\)(?:\s*(?:const|volatile|noexcept|&&|&))*\s*$/;

const RUST_HASH = /::h[0-9a-f]{16}$/;

/** `Cart::total() const` -> `Cart::total`; `operator()(int) const` -> `operator()`; `q10::Cart::total::h2718029af716c3ea` -> `q10::Cart::total`; `main.fetch`, `Object#parse`, `<lambda>` as given. */
export function functionName(frameName: string): string {
  // The call operator's own parentheses (a C++ lambda's `operator()`) are its name, not an argument list.
  const held = frameName.replace(/\boperator\s*\(\)/g, 'operator\u0000');
  return held.replace(ARGUMENTS, '').replace(RUST_HASH, '').replaceAll('operator\u0000', 'operator()');
}
