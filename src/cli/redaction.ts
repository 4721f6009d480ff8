// Redaction for one invocation of the CLI: one Redactor (its key BPDIFF_REDACT_KEY from the CLI's
// environment, else random), and an io whose stdout and stderr pass every text through its `scrub`:
// documents, progress lines, warnings, and the one-line error run-cli prints, even an error of the
// command line itself. Once the command is parsed, its --redact patterns and the secrets it gives the
// runs (secret-looking --env values and `--password X` arguments) are added; --no-redact turns it all
// off and says so on stderr.
import { Redactor } from '../redact/redactor.js';
import type { CliIo } from './io.js';
import type { CliCommand } from './parse-args.js';

export const NO_REDACT_NOTICE = 'bpdiff: --no-redact: values are shown as captured, secrets included';

export interface CliRedaction {
  /** The io to hand to the commands (`io.redactor` is the redactor while redaction is on). */
  io: CliIo;
  /** After parsing: the command's own redaction options and secrets. */
  configure(command: CliCommand): void;
}

export function redactingIo(io: CliIo): CliRedaction {
  const redactor = new Redactor({ key: io.env['BPDIFF_REDACT_KEY'] });
  let active: Redactor | undefined = redactor;
  const wrapped: CliIo = {
    ...io,
    stdout: (text) => io.stdout(active ? active.scrub(text) : text),
    stderr: (text) => io.stderr(active ? active.scrub(text) : text),
    redactor,
  };
  return {
    io: wrapped,
    configure(command) {
      const choice = redactionChoice(command);
      if (choice.off) {
        active = undefined;
        delete wrapped.redactor;
        io.stderr(`${NO_REDACT_NOTICE}\n`);
        return;
      }
      redactor.addNames(choice.names);
      for (const env of choice.envs) redactor.addSecretEnv(env);
      for (const argv of choice.commands) redactor.addSecretArgs(argv);
    },
  };
}

interface RedactionChoice {
  off: boolean;
  names: readonly string[];
  envs: ReadonlyArray<Readonly<Record<string, string>>>;
  commands: ReadonlyArray<readonly string[]>;
}

/** What a parsed command says about redaction. `check` reads its flags as typed (the config file's checks are run by command-check). */
function redactionChoice(command: CliCommand): RedactionChoice {
  switch (command.kind) {
    case 'compare':
    case 'capture': {
      const { args } = command;
      return { off: args.options.values.no_redact, names: args.options.values.redact, envs: [args.env.shared, args.env.a, args.env.b], commands: args.commands };
    }
    case 'diff':
      return { off: command.values.no_redact, names: command.values.redact, envs: [], commands: [] };
    case 'check': {
      // The flags as typed win over the config file's defaults.
      const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []);
      const given = command.given['no-redact'];
      const off = given === undefined ? command.config.options['no_redact'] === true : given === true;
      return { off, names: [...list(command.given['redact']), ...list(command.config.options['redact'])], envs: command.config.checks.map((check) => check.env), commands: command.config.checks.map((check) => check.cmd) };
    }
    default:
      return { off: false, names: [], envs: [], commands: [] };
  }
}
