// A frame's function as bpdiff names it: the frame's name as the adapter gives it, without the argument
// list some adapters write after it (lldb-dap's `Cart::add(std::string const&, int)`) and a C++
// method's qualifiers after that (`Cart::total() const`).

const ARGUMENTS = /\((?:[^()]|\([^()]*\))*\)(?:\s*(?:const|volatile|noexcept|&&|&))*\s*$/;

/** `Cart::total() const` -> `Cart::total`; `main.fetch`, `Object#parse`, `<lambda>` as given. */
export function functionName(frameName: string): string {
  return frameName.replace(ARGUMENTS, '');
}
