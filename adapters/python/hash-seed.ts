// Python salts the hash of a str or bytes with a seed drawn at random in every process, and orders a
// set of them by hash: two runs of the same program go through `for w in {"apple", "pear"}` in two
// orders, and a comparison or a walk would tell them apart where nothing differs but the salt. Both of
// bpdiff's Python adapters give the program the same seed in both runs (0: Python's own way of turning
// the salt off), unless the user's environment sets PYTHONHASHSEED: a run of the program with that seed
// is one it could have had without bpdiff, and runs that must differ by their seeds still can.
// (Under -E or -I the interpreter ignores PYTHON* variables, this one too.)

/** PYTHONHASHSEED for the program: 0, or nothing where the run's environment (`env`, the user's included) already sets it. */
export function hashSeed(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return env.PYTHONHASHSEED === undefined ? { PYTHONHASHSEED: '0' } : {};
}
