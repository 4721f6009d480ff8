// The DAP requests bpdiff sends, typed: each command's arguments and response (DebugProtocol's, and
// bpdiff's own streams of steps and hits that its Python adapter answers), for DapConnection.request
// (connection.ts) and whatever stands in for it (prefetch.ts).
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { StreamedHits, StreamHitsArguments } from './hit-stream.js';

/** The requests bpdiff sends, with their argument and response types. */
export interface RequestMap {
  initialize: [DebugProtocol.InitializeRequestArguments, DebugProtocol.InitializeResponse];
  launch: [DebugProtocol.LaunchRequestArguments, DebugProtocol.LaunchResponse];
  attach: [DebugProtocol.AttachRequestArguments, DebugProtocol.AttachResponse];
  setBreakpoints: [DebugProtocol.SetBreakpointsArguments, DebugProtocol.SetBreakpointsResponse];
  setExceptionBreakpoints: [
    DebugProtocol.SetExceptionBreakpointsArguments,
    DebugProtocol.SetExceptionBreakpointsResponse,
  ];
  configurationDone: [DebugProtocol.ConfigurationDoneArguments, DebugProtocol.ConfigurationDoneResponse];
  threads: [undefined, DebugProtocol.ThreadsResponse];
  stackTrace: [DebugProtocol.StackTraceArguments, DebugProtocol.StackTraceResponse];
  scopes: [DebugProtocol.ScopesArguments, DebugProtocol.ScopesResponse];
  variables: [DebugProtocol.VariablesArguments, DebugProtocol.VariablesResponse];
  evaluate: [DebugProtocol.EvaluateArguments, DebugProtocol.EvaluateResponse];
  exceptionInfo: [DebugProtocol.ExceptionInfoArguments, DebugProtocol.ExceptionInfoResponse];
  continue: [DebugProtocol.ContinueArguments, DebugProtocol.ContinueResponse];
  setFunctionBreakpoints: [DebugProtocol.SetFunctionBreakpointsArguments, DebugProtocol.SetFunctionBreakpointsResponse];
  stepIn: [DebugProtocol.StepInArguments, DebugProtocol.StepInResponse];
  next: [DebugProtocol.NextArguments, DebugProtocol.NextResponse];
  stepOut: [DebugProtocol.StepOutArguments, DebugProtocol.StepOutResponse];
  disconnect: [DebugProtocol.DisconnectArguments, DebugProtocol.DisconnectResponse];
  /** bpdiff's streams (adapters/python/_bpdiff_light): `count` steps of the user's code at once (steps.py), or hits of the breakpoint (hits.py). */
  bpdiffSteps: [StreamStepsArguments, { body: StreamedSteps }];
  bpdiffHits: [StreamHitsArguments, { body: StreamedHits }];
}

export interface StreamStepsArguments extends Pick<StreamHitsArguments, 'apart' | 'apartMark' | 'rules' | 'volatile'> {
  threadId: number;
  count: number;
  skip?: number;
  /** The folders and files of the user's code: the steps counted. */
  roots: string[];
  maxValueLength: number;
  /** The step the thread stands on is the first one recorded. */
  current?: boolean;
  /** false: no values (a replay to a step already compared). */
  values?: boolean;
  /** false: addresses are left as they are. */
  mask?: boolean;
  /** The addresses masked (a regular expression; default any 0x number), written 0x…. */
  addresses?: string;
  /** Levels of children folded into each value's text, as a capture would read them. */
  depth?: number;
  maxChildren?: number;
  /** A batch that takes longer ends early, with the steps so far (slow code: each answer comes in time). */
  seconds?: number;
}

export interface StreamedStep {
  file: string;
  line: number;
  function: string;
  /** User frames on the stack. */
  depth: number;
  /** Frames on the stack, as stackTrace's totalFrames counts them. */
  frames?: number;
  values: Record<string, string>;
}

export interface StreamedSteps {
  steps: StreamedStep[];
  /** The steps gone through, skipped ones included (a skip cut short by `seconds` says how far it went). */
  seen?: number;
  ended: null | { exitCode: number | null; exception?: string };
}
export type RequestCommand = keyof RequestMap;
export type ResponseBody<C extends RequestCommand> = RequestMap[C][1]['body'];
