// The Chrome DevTools Protocol messages the adapter uses, typed by the `devtools-protocol` package
// (the protocol's own generated types, kept up to date with Chrome; types only, nothing of it is
// bundled). It has no NodeRuntime domain, which Node's inspector adds: those two messages are typed
// here by hand. The rest of the adapter imports its CDP types from this module only.
import type { Protocol } from 'devtools-protocol';
import type { ProtocolMapping } from 'devtools-protocol/types/protocol-mapping.js';

export type RemoteObject = Protocol.Runtime.RemoteObject;
export type ObjectPreview = Protocol.Runtime.ObjectPreview;
export type PropertyPreview = Protocol.Runtime.PropertyPreview;
export type PropertyDescriptor = Protocol.Runtime.PropertyDescriptor;
export type ExceptionDetails = Protocol.Runtime.ExceptionDetails;
export type Location = Protocol.Debugger.Location;
export type Scope = Protocol.Debugger.Scope;
export type CallFrame = Protocol.Debugger.CallFrame;
export type PauseOnExceptionsState = Protocol.Debugger.SetPauseOnExceptionsRequest['state'];
export type ScriptParsedEvent = Protocol.Debugger.ScriptParsedEvent;
export type PausedEvent = Protocol.Debugger.PausedEvent;

/** Node's own domain (not in devtools-protocol): the inspector waits for the client before the process ends. */
interface NodeRuntimeCommands {
  'NodeRuntime.notifyWhenWaitingForDisconnect': {
    paramsType: [{ enabled: boolean }];
    returnType: Record<string, never>;
  };
}
interface NodeRuntimeEvents {
  'NodeRuntime.waitingForDisconnect': [];
}

type Commands = ProtocolMapping.Commands & NodeRuntimeCommands;
type Events = ProtocolMapping.Events & NodeRuntimeEvents;

export type CdpMethod = keyof Commands;
/** A command's parameters (an empty object for a command that takes none). */
export type CdpParams<M extends CdpMethod> = Commands[M]['paramsType'] extends []
  ? Record<string, never>
  : NonNullable<Commands[M]['paramsType'][0]>;
export type CdpResult<M extends CdpMethod> = Commands[M]['returnType'];
export type CdpEventName = keyof Events;
/** Events: method -> params. */
export type CdpEvents = { [E in CdpEventName]: Events[E] extends [infer P] ? P : Record<string, never> };
