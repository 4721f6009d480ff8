// Redaction for one invocation of the CLI: one Redactor (its key BPDIFF_REDACT_KEY from the CLI's
// environment, else random), and an io whose stdout and stderr pass every text through its `scrub`
// (and stderr's lines through boundMessage, so no value makes a message megabytes long):
// documents, progress lines, warnings, and the one-line error run-cli prints, even an error of the
// command line itself. Once the command is parsed, its --redact patterns and the secrets it gives the
// runs (secret-looking --env values and `--password X` arguments) are added; --no-redact turns it all
// off and says so on stderr.
import { Redactor } from '../redact/redactor.js';
import { boundLines } from '../bound-message.js';
import { redactionKey } from '../redact/default-key.js';
import type { Io } from '../intake/io.js';
import type { CliCommand } from './parse-args.js';
import { callRedactor, planRedactor } from '../library/call.js';

export const NO_REDACT_NOTICE = 'bpdiff: --no-redact: values are shown as captured, secrets included';

export interface CliRedaction {
  /** The io to hand to the commands (`io.redactor` is the redactor while redaction is on). */
  io: Io;
  /** After parsing: the command's own redaction options and secrets. */
  configure(command: CliCommand): void;
}

export function redactingIo(io: Io): CliRedaction {
  const redactor = new Redactor({ key: redactionKey(io.env) });
  let active: Redactor | undefined = redactor;
  const wrapped: Io = {
    ...io,
    stdout: (text) => io.stdout(active ? active.scrub(text) : text),
    // Bounded after it is scrubbed (bound-message.ts): a cut must not keep the start of a secret.
    stderr: (text) => io.stderr(boundLines(active ? active.scrub(text) : text)),
    redactor,
  };
  return {
    io: wrapped,
    configure(command) {
      if (configureFor(command, redactor)) return;
      active = undefined;
      delete wrapped.redactor;
      io.stderr(`${NO_REDACT_NOTICE}\n`);
    },
  };
}

/**
 * What a parsed command says about redaction: whether it is off, and the secrets to know before any
 * output (its --redact names, the secrets its runs are given). A live command's are its plan's
 * (library/call.ts planRedactor, which the library's call adds to again: the same redactor); `check` reads
 * its flags as typed and the config file's checks.
 */
function configureFor(command: CliCommand, redactor: Redactor): boolean {
  switch (command.kind) {
    case 'compare':
    case 'capture':
    case 'locate':
      return planRedactor(command.args.plan, { redactor }) !== undefined;
    case 'diff':
      return callRedactor(command.input, { redactor }) !== undefined;
    case 'check': {
      // The flags as typed win over the config file's defaults.
      const list = (value: unknown): string[] =>
        Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
      const given = command.given['no-redact'];
      const off = given === undefined ? command.config.options['no_redact'] === true : given === true;
      if (off) return false;
      redactor.addNames([...list(command.given['redact']), ...list(command.config.options['redact'])]);
      for (const check of command.config.checks)
        callRedactor({ run: { command: check.cmd, env: check.env } }, { redactor });
      return true;
    }
    default:
      return true;
  }
}
