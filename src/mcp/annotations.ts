// What each MCP tool does to the world, as MCP's tool annotations say it to a client (which may ask
// the user before a call that is not read-only): compare, capture and locate run the commands they
// are given, which may write files or reach the network, so they are neither read-only nor
// closed-world; diff_captures only reads captures, doctor only looks for the adapters.
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** A call that runs the programs it names: whatever those do, it does. */
const RUNS_PROGRAMS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/** By tool name (tools.ts's ToolName, spelled out here: tools.ts imports this file). */
export const TOOL_ANNOTATIONS: Record<'compare' | 'capture' | 'locate' | 'diff_captures' | 'doctor', ToolAnnotations> =
  {
    compare: RUNS_PROGRAMS,
    capture: RUNS_PROGRAMS,
    locate: RUNS_PROGRAMS,
    diff_captures: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    doctor: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  };
