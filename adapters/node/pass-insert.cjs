'use strict';
// Puts the calls that count passes (src/pass-plan.ts plans them) into a module's text, for the
// bootloader's CommonJS hook (bootloader.cjs) and the ES module loader hook (pass-loader.mjs): each
// planned call at its offset, where the text is the one the adapter planned from (its hash, without a
// byte order mark). Any other text is left as it is, and its breakpoints count in V8.
const crypto = require('node:crypto');

/** `text` with the calls planned for `file` put in, or `text` itself. */
function instrument(text, file, entries) {
  const mine = entries.filter((entry) => entry.files.includes(file));
  if (mine.length === 0) return text;
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const hash = crypto.createHash('sha1').update(text.slice(bom), 'utf8').digest('hex');
  let counted = text;
  for (const entry of mine.filter((one) => one.hash === hash).sort((a, b) => b.offset - a.offset)) {
    const at = entry.offset + bom;
    counted = `${counted.slice(0, at)}${entry.call}${counted.slice(at)}`;
  }
  return counted;
}

module.exports = { instrument };
