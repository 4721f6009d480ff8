// The DAP layer: requests in, NodeRuntime calls, responses and events out. Lines and columns are
// converted to the client's convention here; the runtime works 1-based.
import {
  BreakpointEvent,
  ExitedEvent,
  InitializedEvent,
  LoggingDebugSession,
  OutputEvent,
  StoppedEvent,
  TerminatedEvent,
  ThreadEvent,
} from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { LaunchConfigError, planLaunch, type NodeLaunchArguments } from './launch-config.js';
import { NodeRuntime } from './node-runtime.js';
import type { AdapterEnvironment, OutputCategory, StopReport, UserBreakpoint } from './runtime-types.js';

enum ErrorCode {
  Launch = 3001,
  Request = 3002,
}

export class NodeDebugSession extends LoggingDebugSession {
  private readonly runtime: NodeRuntime;
  private launched = false;

  constructor(private readonly environment: AdapterEnvironment) {
    super();
    this.setDebuggerLinesStartAt1(true);
    this.setDebuggerColumnsStartAt1(true);
    this.runtime = new NodeRuntime(
      {
        output: (category, text) => this.sendOutput(category, text),
        processStarted: (pid, name) => {
          const event: DebugProtocol.ProcessEvent = {
            seq: 0,
            type: 'event',
            event: 'process',
            body: { name, systemProcessId: pid, isLocalProcess: true, startMethod: 'launch' },
          };
          this.sendEvent(event);
        },
        threadStarted: (threadId) => this.sendEvent(new ThreadEvent('started', threadId)),
        threadExited: (threadId) => this.sendEvent(new ThreadEvent('exited', threadId)),
        stopped: (stop) => this.sendStopped(stop),
        breakpointChanged: (breakpoint) =>
          this.sendEvent(new BreakpointEvent('changed', this.toDapBreakpoint(breakpoint))),
        // DAP's exited event has only an exit code; `signal` says what it stands for (bpdiff reads it).
        exited: (exitCode, signal) => {
          const event = new ExitedEvent(exitCode);
          if (signal) (event.body as { exitCode: number; signal?: string }).signal = signal;
          this.sendEvent(event);
        },
        terminated: () => this.sendEvent(new TerminatedEvent()),
      },
      environment,
    );
  }

  private sendOutput(category: OutputCategory, text: string): void {
    this.sendEvent(new OutputEvent(text, category));
  }

  private sendStopped(stop: StopReport): void {
    const event: DebugProtocol.StoppedEvent = new StoppedEvent(stop.reason, stop.threadId);
    if (stop.description !== undefined) event.body.description = stop.description;
    if (stop.text !== undefined) event.body.text = stop.text;
    if (stop.hitBreakpointIds) event.body.hitBreakpointIds = stop.hitBreakpointIds;
    event.body.allThreadsStopped = false;
    this.sendEvent(event);
  }

  private toDapBreakpoint(breakpoint: UserBreakpoint): DebugProtocol.Breakpoint {
    const dap: DebugProtocol.Breakpoint = {
      id: breakpoint.id,
      verified: breakpoint.verified,
      line: this.convertDebuggerLineToClient(breakpoint.boundLine ?? breakpoint.line),
      source: { path: breakpoint.path },
    };
    // DAP's reason: `pending` while no loaded script has the line (a script loaded later may), `failed` when refused.
    if (breakpoint.invalid !== undefined) {
      dap.message = breakpoint.invalid;
      dap.reason = 'failed';
    } else if (!breakpoint.verified) {
      dap.message = 'Breakpoint not bound yet: no loaded script has code at this line';
      dap.reason = 'pending';
    }
    return dap;
  }

  private fail(response: DebugProtocol.Response, error: unknown, code: ErrorCode = ErrorCode.Request): void {
    const message = error instanceof Error ? error.message : String(error);
    // `{_message}`: the library substitutes only underscore variables into response.message.
    this.sendErrorResponse(response, {
      id: code,
      format: '{_message}',
      variables: { _message: message },
      showUser: true,
    });
  }

  /** Runs a request handler, turning a thrown error into an error response. */
  private handle<R extends DebugProtocol.Response>(response: R, work: () => Promise<void> | void): void {
    Promise.resolve()
      .then(work)
      .catch((error: unknown) => this.fail(response, error));
  }

  protected override initializeRequest(response: DebugProtocol.InitializeResponse): void {
    response.body = {
      supportsConfigurationDoneRequest: true,
      supportsConditionalBreakpoints: true,
      supportsHitConditionalBreakpoints: true,
      supportsEvaluateForHovers: true,
      supportsExceptionInfoRequest: true,
      supportsTerminateRequest: true,
      supportTerminateDebuggee: true,
      supportsDelayedStackTraceLoading: true,
      supportsLoadedSourcesRequest: false,
      supportsSetVariable: false,
      supportsRestartRequest: false,
      supportsStepBack: false,
      exceptionBreakpointFilters: [
        { filter: 'all', label: 'Caught Exceptions', description: 'Stop on every exception thrown', default: false },
        {
          filter: 'uncaught',
          label: 'Uncaught Exceptions',
          description: 'Stop on exceptions nothing catches',
          default: false,
        },
      ],
    };
    this.sendResponse(response);
    // Breakpoints may come before or after the launch: processes wait for configurationDone either way.
    this.sendEvent(new InitializedEvent());
  }

  protected override launchRequest(response: DebugProtocol.LaunchResponse, args: NodeLaunchArguments): void {
    if (this.launched) {
      this.fail(response, new Error('this session already launched a program'), ErrorCode.Launch);
      return;
    }
    this.launched = true;
    let plan: ReturnType<typeof planLaunch>;
    try {
      plan = planLaunch(args, this.environment.cwd);
    } catch (error) {
      this.fail(response, error instanceof LaunchConfigError ? error : new Error(String(error)), ErrorCode.Launch);
      return;
    }
    this.runtime.launch(plan).then(
      () => this.sendResponse(response),
      (error: unknown) => {
        this.fail(response, error, ErrorCode.Launch);
        this.sendEvent(new TerminatedEvent());
      },
    );
  }

  protected override attachRequest(response: DebugProtocol.AttachResponse): void {
    this.fail(
      response,
      new Error("this adapter only launches programs: use a 'launch' request with 'command'"),
      ErrorCode.Launch,
    );
  }

  protected override setBreakPointsRequest(
    response: DebugProtocol.SetBreakpointsResponse,
    args: DebugProtocol.SetBreakpointsArguments,
  ): void {
    this.handle(response, async () => {
      const file = args.source.path;
      if (!file) throw new Error('setBreakpoints needs source.path (sources without a path are not supported)');
      const specs = (args.breakpoints ?? args.lines?.map((line) => ({ line })) ?? []).map((breakpoint) => ({
        line: this.convertClientLineToDebugger(breakpoint.line),
        ...('condition' in breakpoint && typeof breakpoint.condition === 'string'
          ? { condition: breakpoint.condition }
          : {}),
        ...('hitCondition' in breakpoint && typeof breakpoint.hitCondition === 'string'
          ? { hitCondition: breakpoint.hitCondition }
          : {}),
      }));
      const breakpoints = await this.runtime.setBreakpoints(file, specs);
      response.body = { breakpoints: breakpoints.map((breakpoint) => this.toDapBreakpoint(breakpoint)) };
      this.sendResponse(response);
      this.runtime.announce(breakpoints);
    });
  }

  protected override setExceptionBreakPointsRequest(
    response: DebugProtocol.SetExceptionBreakpointsResponse,
    args: DebugProtocol.SetExceptionBreakpointsArguments,
  ): void {
    this.runtime.setExceptionFilters(args.filters ?? []);
    response.body = { breakpoints: (args.filters ?? []).map(() => ({ verified: true })) };
    this.sendResponse(response);
  }

  protected override configurationDoneRequest(response: DebugProtocol.ConfigurationDoneResponse): void {
    this.runtime.configurationDone();
    this.sendResponse(response);
  }

  protected override threadsRequest(response: DebugProtocol.ThreadsResponse): void {
    response.body = { threads: this.runtime.threads() };
    this.sendResponse(response);
  }

  protected override stackTraceRequest(
    response: DebugProtocol.StackTraceResponse,
    args: DebugProtocol.StackTraceArguments,
  ): void {
    this.handle(response, async () => {
      const { frames, total } = await this.runtime.stackTrace(args.threadId, args.startFrame ?? 0, args.levels ?? 0);
      response.body = {
        stackFrames: frames.map((frame) => ({
          ...frame,
          line: this.convertDebuggerLineToClient(frame.line),
          column: this.convertDebuggerColumnToClient(frame.column),
        })),
        totalFrames: total,
      };
      this.sendResponse(response);
    });
  }

  protected override scopesRequest(response: DebugProtocol.ScopesResponse, args: DebugProtocol.ScopesArguments): void {
    this.handle(response, () => {
      response.body = { scopes: this.runtime.scopes(args.frameId) };
      this.sendResponse(response);
    });
  }

  protected override variablesRequest(
    response: DebugProtocol.VariablesResponse,
    args: DebugProtocol.VariablesArguments,
  ): void {
    this.handle(response, async () => {
      const variables = await this.runtime.variables(args.variablesReference, {
        ...(args.filter ? { filter: args.filter } : {}),
        ...(args.start !== undefined ? { start: args.start } : {}),
        ...(args.count !== undefined ? { count: args.count } : {}),
      });
      response.body = { variables };
      this.sendResponse(response);
    });
  }

  protected override evaluateRequest(
    response: DebugProtocol.EvaluateResponse,
    args: DebugProtocol.EvaluateArguments,
  ): void {
    this.handle(response, async () => {
      const result = await this.runtime.evaluate(args.expression, args.frameId, args.context);
      response.body = {
        result: result.value,
        variablesReference: result.variablesReference,
        ...(result.type !== undefined ? { type: result.type } : {}),
        ...(result.indexedVariables !== undefined ? { indexedVariables: result.indexedVariables } : {}),
      };
      this.sendResponse(response);
    });
  }

  protected override sourceRequest(response: DebugProtocol.SourceResponse, args: DebugProtocol.SourceArguments): void {
    this.handle(response, async () => {
      const reference = args.source?.sourceReference ?? args.sourceReference;
      if (!reference) throw new Error('only sources with a sourceReference can be fetched');
      response.body = { content: await this.runtime.source(reference) };
      this.sendResponse(response);
    });
  }

  protected override exceptionInfoRequest(
    response: DebugProtocol.ExceptionInfoResponse,
    args: DebugProtocol.ExceptionInfoArguments,
  ): void {
    this.handle(response, () => {
      response.body = this.runtime.exceptionInfo(args.threadId);
      this.sendResponse(response);
    });
  }

  protected override continueRequest(
    response: DebugProtocol.ContinueResponse,
    args: DebugProtocol.ContinueArguments,
  ): void {
    this.handle(response, async () => {
      await this.runtime.continue(args.threadId);
      response.body = { allThreadsContinued: false };
      this.sendResponse(response);
    });
  }

  protected override nextRequest(response: DebugProtocol.NextResponse, args: DebugProtocol.NextArguments): void {
    this.handle(response, async () => {
      await this.runtime.step(args.threadId, 'over', returnsAsked(args));
      this.sendResponse(response);
    });
  }

  protected override stepInRequest(response: DebugProtocol.StepInResponse, args: DebugProtocol.StepInArguments): void {
    this.handle(response, async () => {
      await this.runtime.step(args.threadId, 'into', returnsAsked(args));
      this.sendResponse(response);
    });
  }

  protected override stepOutRequest(
    response: DebugProtocol.StepOutResponse,
    args: DebugProtocol.StepOutArguments,
  ): void {
    this.handle(response, async () => {
      await this.runtime.step(args.threadId, 'out', returnsAsked(args));
      this.sendResponse(response);
    });
  }

  protected override pauseRequest(response: DebugProtocol.PauseResponse, args: DebugProtocol.PauseArguments): void {
    this.handle(response, async () => {
      await this.runtime.pause(args.threadId);
      this.sendResponse(response);
    });
  }

  protected override terminateRequest(response: DebugProtocol.TerminateResponse): void {
    this.handle(response, async () => {
      this.sendResponse(response);
      await this.runtime.terminate();
    });
  }

  protected override disconnectRequest(
    response: DebugProtocol.DisconnectResponse,
    args: DebugProtocol.DisconnectArguments,
  ): void {
    // A launched program is terminated unless the client explicitly asks to leave it running.
    this.runtime.dispose(args?.terminateDebuggee !== false);
    this.sendResponse(response);
    this.shutdown();
  }

  /** Called when the client goes away (stdin closed), on SIGTERM, and after disconnect. */
  override shutdown(): void {
    this.runtime.dispose(true);
    super.shutdown();
  }

  /** Immediate, synchronous cleanup for process exit paths. */
  disposeNow(): void {
    this.runtime.dispose(true);
  }
}

/** bpdiff's own step argument: a step that leaves its function shows the value returned in the caller's locals. */
function returnsAsked(args: object): boolean {
  return (args as { bpdiffReturns?: unknown }).bpdiffReturns === true;
}
