// One run's stream of steps for the streamed line walk (lines-streamed.ts): batches of steps asked of
// its adapter (bpdiffSteps), each larger than the one before, the next asked for while the walk compares
// the last, handed out a step at a time with their locals' texts; or, for a replay, the run brought to a
// step without values (skipped to it, or streamed up to it).
import type { CaptureOptions } from '../core/types.js';
import type { StreamedStep, StreamedSteps, StreamStepsArguments } from '../dap/connection.js';
import { ADDRESS_PATTERN } from '../values/normalise.js';
import { noBreak, type NoBreak, type SteppedStop } from '../session/stop-outcome.js';
import type { Step, WalkedRun } from './lines.js';

/** A step's locals, by name: the texts the adapter wrote of their values. */
export type Texts = Record<string, string>;

const FIRST_BATCH = 256;
const LARGEST_BATCH = 8192;
/** How long a batch may take before the adapter answers with the steps so far (far below any --timeout). */
const BATCH_SECONDS = 1;
/** No text is cut: a text over 128 characters comes as a hash of the whole of it. */
const WHOLE_TEXTS = 1 << 30;

type Next = { kind: 'step'; step: StreamedStep; ordinal: number } | { kind: 'ended'; end: NoBreak };

/** One run's stream: batches asked of its adapter (each larger, up to LARGEST_BATCH), handed out a step at a time. */
export class RunStream {
  /** The step handed out last, with its texts. */
  last: { step: Step; texts: Texts } | null = null;
  /** Where the run stands since its last batch (a replay's last batch ends on its target). */
  lastStop: SteppedStop | null = null;
  private buffer: StreamedStep[] = [];
  private at = 0;
  private ordinal = 0;
  private fetched = 0;
  private batch = FIRST_BATCH;
  private end: NoBreak | null = null;
  /** The scan's next batch, asked for as soon as the one before came: the adapter runs while bpdiff compares. */
  private ahead: Promise<Parameters<RunStream['take']>> | null = null;

  /** How the adapter writes the values: whole, addresses masked as the value pipeline masks them (not with --raw-values), children folded in. */
  private readonly textArguments: Partial<StreamStepsArguments>;

  constructor(
    private readonly walked: WalkedRun,
    options: CaptureOptions,
    apart: readonly string[],
    private readonly target: number | null,
    from: number,
  ) {
    const side = walked.run.spec.side;
    this.textArguments = {
      ...(options.values.raw_values ? { mask: false } : { addresses: ADDRESS_PATTERN }),
      depth: options.limits.depth,
      maxChildren: options.limits.max_children,
      // A text holding a path that only one run's values have rewritten (its cwd, its copy) is that run's own.
      ...(apart.length > 0 ? { apart: [...apart], apartMark: `<${side}'s own path> ` } : {}),
    };
    this.ordinal = from;
    this.fetched = from;
  }

  /** The run brought to `step` (its ordinal) by skipping the steps before, a second at a time: its stop there, or null when it is not there. */
  async skipTo(step: Step): Promise<SteppedStop | null> {
    const ordinal = step.ordinal ?? 0;
    for (let gone = 0; gone < ordinal; ) {
      const { body, stop } = await this.walked.run.streamSteps({
        count: 1,
        skip: ordinal - 1 - gone,
        roots: this.walked.code.folders(),
        maxValueLength: WHOLE_TEXTS,
        seconds: BATCH_SECONDS,
        values: false,
      });
      gone += body.seen ?? 0;
      if (stop.kind !== 'stopped' || body.seen === undefined || gone > ordinal) return null;
      const here = body.steps[0];
      if (here === undefined) continue;
      if (gone !== ordinal || here.line !== step.stop.top.line || here.file !== step.file) return null;
      this.lastStop = stop;
      return stop;
    }
    return null;
  }

  /** The texts of the step the run stands on: the first batch is asked for with it. */
  async current(step: Step): Promise<Texts> {
    await this.fetch(true);
    const here = this.buffer[this.at];
    if (here === undefined || here.line !== step.stop.top.line)
      return { '(the stream did not start where the walk stands)': String(here?.line ?? 'nothing') };
    this.at++;
    return here.values;
  }

  async next(): Promise<Next> {
    if (this.at >= this.buffer.length && this.end === null) {
      const ahead = this.ahead;
      this.ahead = null;
      if (ahead) this.take(...(await ahead));
      else await this.fetch(false);
    }
    const step = this.buffer[this.at];
    if (step === undefined) return { kind: 'ended', end: this.end! };
    this.at++;
    this.ordinal++;
    return { kind: 'step', step, ordinal: this.ordinal };
  }

  private async fetch(current: boolean): Promise<void> {
    let count = this.batch;
    if (this.target !== null) count = Math.min(count, this.target - this.fetched);
    this.batch = Math.min(LARGEST_BATCH, this.batch * 2);
    if (count <= 0 && !current) {
      // A replay asked to go past the step it was to stop at: the program ran another way this time.
      this.buffer = [];
      this.at = 0;
      this.end = ended(null);
      return;
    }
    this.take(...(await this.ask(count, current)));
    if (current) this.fetched -= 1;
  }

  private async ask(count: number, current: boolean): Promise<Parameters<RunStream['take']>> {
    const { body, stop } = await this.walked.run.streamSteps({
      count: count + (current ? 1 : 0),
      roots: this.walked.code.folders(),
      maxValueLength: WHOLE_TEXTS,
      seconds: BATCH_SECONDS,
      ...(current ? { current: true } : {}),
      ...(this.target !== null ? { values: false } : this.textArguments),
    });
    return [body, stop.kind === 'stopped' ? stop : null, stop.kind === 'no_break' ? stop : null];
  }

  private take(body: StreamedSteps, stop: SteppedStop | null, end: NoBreak | null): void {
    if (this.target === null && body.ended === null && end === null) {
      this.ahead = this.ask(this.batch, false);
      this.batch = Math.min(LARGEST_BATCH, this.batch * 2);
      // A batch still coming when the walk is over (its runs closed) is no failure of the walk's.
      this.ahead.catch(() => undefined);
    }
    this.buffer = body.steps;
    this.at = 0;
    this.fetched += body.steps.length;
    this.lastStop = stop;
    if (body.ended !== null || end !== null) this.end = end ?? ended(body.ended?.exitCode ?? null);
  }
}

/** A stream's end as the scan sees it (only its kind counts there: the runs are started again). */
function ended(exitCode: number | null): NoBreak {
  return noBreak({ kind: 'exited', exit_code: exitCode }, null, exitCode, {
    id: undefined,
    verified: false,
    line: undefined,
    message: undefined,
  });
}
