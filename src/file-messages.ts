// The messages about files and folders the user names: where bpdiff will not write (-o, --save-captures),
// inputs that are missing, unreadable or not what they claim to be (a capture that is not JSON), and
// paths a repository names that must stay inside it. Part of src/messages.ts's `messages`.
import {
  describeSize,
  elsewhere,
  error,
  isCode,
  linkedIt,
  outputSubject,
  reasonOf,
  summariseProblems,
  type OutputFlag,
} from './message-parts.js';

export const fileMessages = {
  saveCapturesNotDirectory: (dir: string) =>
    error(
      'BAD_OPTION',
      `--save-captures ${dir} is not a folder`,
      'give --save-captures a folder (it is created when missing)',
    ),
  saveCapturesFailed: (dir: string, cause: unknown) =>
    error(
      'BAD_OPTION',
      `cannot write the captures to --save-captures ${dir}: ${reasonOf(cause)}`,
      'check that the folder is writable',
      cause,
    ),
  saveCapturesParentMissing: (dir: string, parent: string) =>
    error(
      'BAD_OPTION',
      `cannot create --save-captures ${dir}: the folder ${parent} does not exist`,
      'create it or choose another folder',
    ),
  // Where -o FILE or a --save-captures file would go, and why bpdiff will not write there (output/write-file.ts).
  // `real` is where a symlink led, or null when the path is not a symlink.
  outputIsDirectory: (flag: OutputFlag, file: string, real: string | null) =>
    error(
      'BAD_OPTION',
      `cannot write ${outputSubject(flag, file)}: ${linkedIt(real)} is a directory`,
      flag === '-o'
        ? `give -o a file path, e.g. -o ${file.replace(/\/+$/, '')}/result.json`
        : `move it away, or ${elsewhere(flag)}`,
    ),
  outputReadOnly: (flag: OutputFlag, file: string, real: string | null, mode: string | null) =>
    error(
      'BAD_OPTION',
      `cannot write ${outputSubject(flag, file)}: ${linkedIt(real)} is read-only${mode === null ? '' : ` (mode ${mode})`}`,
      `bpdiff will not replace a file you protected: make it writable (chmod u+w ${real ?? file}), or ${elsewhere(flag)}`,
    ),
  outputNotWritable: (flag: OutputFlag, file: string, real: string | null, detail: string | null) =>
    error(
      'BAD_OPTION',
      `cannot write ${outputSubject(flag, file)}: ${linkedIt(real)} is not writable by this user${detail === null ? '' : ` (${detail})`}`,
      elsewhere(flag),
    ),
  outputIsSocket: (flag: OutputFlag, file: string, real: string | null) =>
    error(
      'BAD_OPTION',
      `cannot write ${outputSubject(flag, file)}: ${linkedIt(real)} is a socket, which bpdiff cannot open`,
      flag === '-o' ? 'leave -o out to print the result on stdout, or choose a file for -o' : elsewhere(flag),
    ),
  outputIsBlockDevice: (flag: OutputFlag, file: string, real: string | null) =>
    error(
      'BAD_OPTION',
      `cannot write ${outputSubject(flag, file)}: ${linkedIt(real)} is a block device, which bpdiff will not write over`,
      elsewhere(flag),
    ),
  outputFolderMissing: (flag: OutputFlag, file: string, dir: string) =>
    error(
      'BAD_OPTION',
      `cannot write ${outputSubject(flag, file)}: the folder ${dir} does not exist`,
      `create the folder, or ${elsewhere(flag)}`,
    ),
  outputThroughNonDirectory: (flag: OutputFlag, file: string, blocker: string) =>
    error(
      'BAD_OPTION',
      `cannot write ${outputSubject(flag, file)}: ${blocker} is not a directory`,
      `check the path, or ${elsewhere(flag)}`,
    ),
  outputFolderNotWritable: (flag: OutputFlag, file: string, dir: string) =>
    error(
      'BAD_OPTION',
      `cannot write ${outputSubject(flag, file)}: the folder ${dir} is not writable (bpdiff writes a temporary file there, then renames it)`,
      `make the folder writable, or ${elsewhere(flag)}`,
    ),
  outputSymlinkLoop: (flag: OutputFlag, file: string) =>
    error(
      'BAD_OPTION',
      `cannot write ${outputSubject(flag, file)}: it is a symlink loop`,
      `fix the link, or ${elsewhere(flag)}`,
    ),
  outputUnreachable: (flag: OutputFlag, file: string, cause: unknown) =>
    error(
      'BAD_OPTION',
      `cannot write ${outputSubject(flag, file)}: ${reasonOf(cause)}`,
      `check the path and its permissions, or ${elsewhere(flag)}`,
      cause,
    ),
  saveCapturesThroughNonDirectory: (dir: string, blocker: string) =>
    error(
      'BAD_OPTION',
      `cannot create --save-captures ${dir}: ${blocker} is not a directory`,
      'check the path, or choose another folder',
    ),
  saveCapturesNotWritable: (dir: string, folder: string) =>
    error(
      'BAD_OPTION',
      `cannot write the captures to --save-captures ${dir}: the folder ${folder} is not writable`,
      'make it writable, or choose another folder',
    ),

  fileNotFound: (what: string, file: string) =>
    error('FILE_NOT_FOUND', `${what} ${file} does not exist`, 'check the path'),
  fileUnreadable: (what: string, file: string, cause: unknown) =>
    error(
      'FILE_NOT_FOUND',
      `cannot read ${what} ${file}: ${reasonOf(cause)}`,
      'check the path and its permissions',
      cause,
    ),
  // A path given as a file that is something else: say what it is rather than "does not exist".
  // `what` is how the file is named in the message: "run capture", "--stdin-a", "--adapter-config".
  inputIsDirectory: (what: string, file: string) =>
    error('FILE_NOT_FOUND', `${what} ${file} is a directory, not a file`, 'give the path of a file'),
  inputNotRegularFile: (what: string, file: string, kind: string, target: string | null = null) =>
    error(
      'FILE_NOT_FOUND',
      `${what} ${file} is not a regular file (it is a ${kind}${target === null ? '' : `: ${target}`})`,
      'give the path of a regular file',
    ),
  /** `size`: the file's size, or null for one that grew past the limit while it was read. */
  inputTooLarge: (what: string, file: string, size: number | null, limit: number) =>
    error(
      'FILE_TOO_LARGE',
      `${what} ${file} is ${size === null ? `larger than ${describeSize(limit)}` : describeSize(size)}, over bpdiff's limit of ${describeSize(limit)} for a file it reads`,
      'raise the limit with --max-input-bytes N (max_input_bytes in bpdiff.config.json, the library and the MCP tools), or give a smaller file',
    ),
  /** A note (in a capture's warnings), not an error: the capture is still compared. */
  invalidUtf8: (file: string, count: number) =>
    `${file} is not valid UTF-8: ${count === 1 ? 'one byte sequence was' : `${count} byte sequences were`} read as the replacement character U+FFFD, so values holding them may differ from what was captured`,
  inputThroughNonDirectory: (what: string, file: string, blocker: string) =>
    error('FILE_NOT_FOUND', `${what} ${file} cannot exist: ${blocker} is not a directory`, 'check the path'),
  /** `problem`: json-problem.ts's words, which quote nothing of the file (the parser's own message does). */
  invalidJson: (file: string, problem: string) =>
    error('INVALID_JSON', `${file} is not valid JSON (${problem})`, 'pass a run capture saved by bpdiff'),
  comparisonGivenAsCapture: (file: string) =>
    error(
      'NOT_A_CAPTURE',
      `${file} is a comparison result, not a run capture`,
      'bpdiff diff compares two run captures (schema: bpdiff schema --capture)',
    ),
  notACapture: (file: string, problems: readonly string[]) =>
    error(
      'NOT_A_CAPTURE',
      `${file} is not a run capture (${summariseProblems(problems)})`,
      'pass a run capture saved by bpdiff (schema: bpdiff schema --capture)',
    ),

  captureOfOtherVersion: (file: string, schema: string, expected: string) =>
    error(
      'NOT_A_CAPTURE',
      `${file} is a run capture of another schema version (${schema}; this bpdiff reads ${expected})`,
      'record it again with this bpdiff: bpdiff capture ... -o FILE',
    ),
  // A path a repository names for bpdiff (a check's baseline, the baselines folder), kept inside it
  // (intake/contained-path.ts). `what`: "the baseline of check \"x\""; `file`: the path as the user reads it.
  containedOutside: (what: string, file: string, root: string) =>
    error(
      'BAD_BASELINE',
      `${what}, ${file}, is outside ${root} (the folder of bpdiff.config.json, or its repository): bpdiff writes and reads baselines only inside it`,
      'give a path inside it ("baseline" or "baselines" in bpdiff.config.json)',
    ),
  containedLink: (what: string, file: string, through: string | null, target: string | null, root: string) =>
    error(
      'BAD_BASELINE',
      `${what}, ${file}, ${through === null ? 'is a symlink' : `is reached through the symlink ${through}`}${target === null ? '' : ` (to ${target})`}: bpdiff writes and reads baselines only at a real path inside ${root}`,
      through === null
        ? 'replace the link with the file itself, or remove it to record the baseline again'
        : 'make it a real folder in the repository, or remove the link',
    ),
  containedNotFolder: (what: string, file: string, blocker: string) =>
    error(
      'BAD_BASELINE',
      `${what}, ${file}, cannot be written: ${blocker} is not a folder`,
      'check the path ("baseline" or "baselines" in bpdiff.config.json)',
    ),
  containedNotFile: (what: string, file: string, kind: string) =>
    error(
      'BAD_BASELINE',
      `${what}, ${file}, is ${kind}`,
      'move it away, or give the check another "baseline" in bpdiff.config.json',
    ),
  containedReadOnly: (what: string, file: string) =>
    error(
      'BAD_BASELINE',
      `cannot write ${what}, ${file}: it is read-only`,
      `bpdiff will not replace a file you protected: make it writable (chmod u+w ${file}) to re-record it`,
    ),
  containedUnreadable: (what: string, file: string, cause: unknown) =>
    error(
      'BAD_BASELINE',
      `cannot read ${what}, ${file}: ${reasonOf(cause)}`,
      'check the path and its permissions',
      cause,
    ),
  containedNotWritable: (what: string, file: string, dir: string, cause: unknown) =>
    error(
      'BAD_BASELINE',
      `cannot write ${what}, ${file}: the folder ${dir} ${isCode(cause, 'ENOENT') ? 'cannot be made' : 'is not writable'} (${reasonOf(cause)})`,
      'make the folder writable (bpdiff writes a temporary file there, then renames it); to compare without recording a baseline, run bpdiff check --ci',
      cause,
    ),
};
