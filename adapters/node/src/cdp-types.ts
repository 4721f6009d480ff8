// The few Chrome DevTools Protocol messages the adapter uses, typed by hand from the protocol's
// Debugger / Runtime / NodeRuntime domains (only the fields read or written here).

export interface RemoteObject {
  type: 'object' | 'function' | 'undefined' | 'string' | 'number' | 'boolean' | 'symbol' | 'bigint';
  subtype?: string;
  className?: string;
  value?: unknown;
  unserializableValue?: string;
  description?: string;
  objectId?: string;
  preview?: ObjectPreview;
}

export interface ObjectPreview {
  type: RemoteObject['type'];
  subtype?: string;
  description?: string;
  overflow: boolean;
  properties: PropertyPreview[];
  entries?: EntryPreview[];
}

export interface PropertyPreview {
  name: string;
  type: RemoteObject['type'] | 'accessor';
  value?: string;
  valuePreview?: ObjectPreview;
  subtype?: string;
}

export interface EntryPreview {
  key?: ObjectPreview;
  value: ObjectPreview;
}

export interface PropertyDescriptor {
  name: string;
  value?: RemoteObject;
  writable?: boolean;
  get?: RemoteObject;
  set?: RemoteObject;
  configurable: boolean;
  enumerable: boolean;
  isOwn?: boolean;
  symbol?: RemoteObject;
}

export interface InternalPropertyDescriptor {
  name: string;
  value?: RemoteObject;
}

export interface PrivatePropertyDescriptor {
  name: string;
  value?: RemoteObject;
  get?: RemoteObject;
  set?: RemoteObject;
}

export interface ExceptionDetails {
  exceptionId: number;
  text: string;
  lineNumber: number;
  columnNumber: number;
  scriptId?: string;
  url?: string;
  exception?: RemoteObject;
}

export interface CallArgument {
  value?: unknown;
  unserializableValue?: string;
  objectId?: string;
}

export interface Location {
  scriptId: string;
  lineNumber: number;
  columnNumber?: number;
}

export interface Scope {
  type: 'global' | 'local' | 'with' | 'closure' | 'catch' | 'block' | 'script' | 'eval' | 'module' | 'wasm-expression-stack';
  object: RemoteObject;
  name?: string;
}

export interface CallFrame {
  callFrameId: string;
  functionName: string;
  location: Location;
  url: string;
  scopeChain: Scope[];
  this: RemoteObject;
  returnValue?: RemoteObject;
}

export type PauseOnExceptionsState = 'none' | 'uncaught' | 'all';

/** Commands: method -> [params, result]. */
export interface CdpCommands {
  'Debugger.enable': [Record<string, never>, { debuggerId: string }];
  'Debugger.setBreakpointByUrl': [
    { lineNumber: number; url?: string; urlRegex?: string; columnNumber?: number; condition?: string },
    { breakpointId: string; locations: Location[] },
  ];
  'Debugger.removeBreakpoint': [{ breakpointId: string }, Record<string, never>];
  'Debugger.setPauseOnExceptions': [{ state: PauseOnExceptionsState }, Record<string, never>];
  'Debugger.setInstrumentationBreakpoint': [{ instrumentation: 'beforeScriptExecution' | 'beforeScriptWithSourceMapExecution' }, { breakpointId: string }];
  'Debugger.removeInstrumentationBreakpoint': [{ instrumentation: 'beforeScriptExecution' | 'beforeScriptWithSourceMapExecution' }, Record<string, never>];
  'Debugger.resume': [Record<string, never>, Record<string, never>];
  'Debugger.pause': [Record<string, never>, Record<string, never>];
  'Debugger.stepOver': [Record<string, never>, Record<string, never>];
  'Debugger.stepInto': [Record<string, never>, Record<string, never>];
  'Debugger.stepOut': [Record<string, never>, Record<string, never>];
  'Debugger.evaluateOnCallFrame': [
    {
      callFrameId: string;
      expression: string;
      objectGroup?: string;
      includeCommandLineAPI?: boolean;
      silent?: boolean;
      returnByValue?: boolean;
      generatePreview?: boolean;
      throwOnSideEffect?: boolean;
    },
    { result: RemoteObject; exceptionDetails?: ExceptionDetails },
  ];
  'Debugger.getScriptSource': [{ scriptId: string }, { scriptSource: string }];
  'Debugger.getPossibleBreakpoints': [
    { start: Location; end?: Location; restrictToFunction?: boolean },
    { locations: Array<Location & { type?: 'debuggerStatement' | 'call' | 'return' }> },
  ];
  'Runtime.getProperties': [
    { objectId: string; ownProperties?: boolean; accessorPropertiesOnly?: boolean; generatePreview?: boolean; nonIndexedPropertiesOnly?: boolean },
    {
      result: PropertyDescriptor[];
      internalProperties?: InternalPropertyDescriptor[];
      privateProperties?: PrivatePropertyDescriptor[];
      exceptionDetails?: ExceptionDetails;
    },
  ];
  'Runtime.callFunctionOn': [
    {
      functionDeclaration: string;
      objectId?: string;
      arguments?: CallArgument[];
      silent?: boolean;
      returnByValue?: boolean;
      generatePreview?: boolean;
      objectGroup?: string;
    },
    { result: RemoteObject; exceptionDetails?: ExceptionDetails },
  ];
  'Runtime.evaluate': [
    {
      expression: string;
      objectGroup?: string;
      includeCommandLineAPI?: boolean;
      silent?: boolean;
      returnByValue?: boolean;
      generatePreview?: boolean;
      throwOnSideEffect?: boolean;
    },
    { result: RemoteObject; exceptionDetails?: ExceptionDetails },
  ];
  'Runtime.runIfWaitingForDebugger': [Record<string, never>, Record<string, never>];
  'Runtime.releaseObjectGroup': [{ objectGroup: string }, Record<string, never>];
  'NodeRuntime.notifyWhenWaitingForDisconnect': [{ enabled: boolean }, Record<string, never>];
}

export interface ScriptParsedEvent {
  scriptId: string;
  url: string;
  sourceMapURL?: string;
  hasSourceURL?: boolean;
}

export interface PausedEvent {
  callFrames: CallFrame[];
  reason: string;
  data?: Record<string, unknown>;
  hitBreakpoints?: string[];
}

/** Events: method -> params. */
export interface CdpEvents {
  'Debugger.scriptParsed': ScriptParsedEvent;
  'Debugger.breakpointResolved': { breakpointId: string; location: Location };
  'Debugger.paused': PausedEvent;
  'Debugger.resumed': Record<string, never>;
  'NodeRuntime.waitingForDisconnect': Record<string, never>;
}

export type CdpMethod = keyof CdpCommands;
export type CdpParams<M extends CdpMethod> = CdpCommands[M][0];
export type CdpResult<M extends CdpMethod> = CdpCommands[M][1];
export type CdpEventName = keyof CdpEvents;
