// node pr-config.mjs HEAD_CONFIG BASE_CONFIG OUT: step 2 of check-pr.sh. Writes OUT, a copy of the
// pull request's bpdiff.config.json in which each check runs in the pull request's checkout and
// compares with the baseline that the base's config recorded for the check of the same name, copied
// beside OUT (OUT's folder/baselines/NAME.json: bpdiff reads a config's baselines only inside its
// folder or repository); OUT is not written when no check is left to compare. Prints GitHub workflow commands for what it leaves
// out or doubts, and exits 2 when a check cannot be compared (else 0; 1 when a config cannot be read).
//
//   a check new in the pull request        ::notice  (nothing to compare with)
//   a check in another file or condition  ::error   (its baseline was recorded elsewhere: left out)
//   the breakpoint's line reads otherwise  ::warning (lines above it may have moved: update the check's
//                                                     bp line, which bpdiff then compares with the baseline's)
import fs from 'node:fs';
import path from 'node:path';

const [headFile, baseFile, out] = process.argv.slice(2);
const head = JSON.parse(fs.readFileSync(headFile, 'utf8'));
const base = JSON.parse(fs.readFileSync(baseFile, 'utf8'));

/** A workflow command, escaped as GitHub's toolkit does it. */
function annotate(level, title, message, bp) {
  const data = (text) => text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
  const property = (text) => data(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
  const where = bp ? `file=${property(bp.file)},line=${bp.line},` : '';
  console.log(`::${level} ${where}title=${property(`bpdiff: ${title}`)}::${data(message)}`);
}

/** FILE:LINE, split on the last colon, as bpdiff does. */
function breakpoint(bp) {
  const at = bp.lastIndexOf(':');
  return { file: bp.slice(0, at), line: Number(bp.slice(at + 1)) };
}

/** The text of the breakpoint's line in a checkout, or null when the file cannot be read. */
function sourceLine(configFile, check) {
  const bp = breakpoint(check.bp);
  const file = path.resolve(path.dirname(configFile), check.cwd ?? '.', bp.file);
  try {
    return fs.readFileSync(file, 'utf8').split('\n')[bp.line - 1]?.trim() ?? null;
  } catch {
    return null;
  }
}

/** The baseline a check of `config` (read from `file`) records: its own, else <baselines>/<name>.json. */
const baselineOf = (file, config, name, check) => path.resolve(path.dirname(file), check.baseline ?? path.join(config.baselines ?? '.bpdiff/baselines', `${name}.json`));

const describe = (check) => `${check.bp}${check.condition ? ` if ${check.condition}` : ''}`;
const checks = {};
let status = 0;
for (const [name, check] of Object.entries(head.checks ?? {})) {
  const recorded = base.checks?.[name];
  if (!recorded) {
    annotate('notice', 'new check', `check ${name} is new in this pull request: the base branch has no baseline for it`);
    continue;
  }
  // The line may move (the pull request updated the check's bp after adding lines above it): bpdiff
  // compares the baseline's line with the new one and says so. Another file or condition may not.
  const [was, is] = [breakpoint(recorded.bp), breakpoint(check.bp)];
  if (was.file !== is.file || (recorded.condition ?? '') !== (check.condition ?? '')) {
    annotate('error', `check ${name} changed`, `check ${name} stops at ${describe(check)} in this pull request and at ${describe(recorded)} on the base branch, where its baseline was recorded: compare the two checkouts live instead (bpdiff --bp-a ... --bp-b ... --cwd-a BASE --cwd-b HEAD -- CMD -- CMD)`, is);
    status = 2;
    continue;
  }
  const [before, after] = [sourceLine(baseFile, recorded), sourceLine(headFile, check)];
  if (before !== null && after !== null && before !== after) {
    annotate('warning', `check ${name}: line ${breakpoint(check.bp).line} changed`, `check ${name}: line ${breakpoint(check.bp).line} reads "${before}" on the base branch and "${after}" in this pull request; if lines above it were added or removed, the two runs stop at different statements`, breakpoint(check.bp));
  }
  const copy = path.join('baselines', `${name}.json`);
  fs.mkdirSync(path.join(path.dirname(out), 'baselines'), { recursive: true });
  // Step 1 recorded it, and bpdiff refused a baseline that is a link; one missing is recorded afresh (no --ci).
  const stored = baselineOf(baseFile, base, name, recorded);
  if (fs.existsSync(stored) && !fs.lstatSync(stored).isSymbolicLink()) fs.copyFileSync(stored, path.join(path.dirname(out), copy));
  checks[name] = {
    ...check,
    cwd: path.resolve(path.dirname(headFile), check.cwd ?? '.'),
    baseline: copy,
  };
}
if (Object.keys(checks).length > 0) {
  const { $schema: _schema, baselines: _baselines, ...options } = head;
  fs.writeFileSync(out, `${JSON.stringify({ ...options, checks }, null, 2)}\n`);
}
process.exitCode = status;
