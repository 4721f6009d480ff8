// bpdiff's hit stream (the custom request bpdiffHits, adapters/python/_bpdiff_light/hits.py), as a
// streamed first-divergence walk asks for it (src/walk/hits-streamed.ts).

/** The hits asked for, and how their texts are written: as a step stream writes them (StreamStepsArguments). */
export interface StreamHitsArguments {
  threadId: number;
  maxValueLength: number;
  /** false: addresses are left as they are. */
  mask?: boolean;
  /** The addresses masked (a regular expression), written 0x…. */
  addresses?: string;
  /** The adapter's own `normalise` rules (JavaScript regular expressions, `$<name>` and `$1` in replacements), applied after `addresses`, as the value pipeline applies them. */
  rules?: ReadonlyArray<{ pattern: string; replacement: string; flags?: string }>;
  /** The adapter's `volatile` rules; a stream applies those that rewrite a folded child's whole value (a Python thread's ids), as the value pipeline does. */
  volatile?: ReadonlyArray<{
    type?: string;
    path?: string;
    parent_value?: string;
    pattern?: string;
    replacement?: string;
    keep_children?: string[];
  }>;
  /** Levels of children folded into each value's text, as a capture would read them. */
  depth?: number;
  maxChildren?: number;
  /** A batch that takes longer ends early, on the hit it reached (slow code: each answer comes in time). */
  seconds?: number;
  /** Hits to go through (the program runs on between them); it stops on the last. 0: only the hit it stands on (`current`), answered at once. */
  count: number;
  /** The hit the thread stands on is recorded first. */
  current?: boolean;
  /** false: no locals (--watch-only). */
  values?: boolean;
  /** Expressions evaluated at each hit (--watch). */
  watch?: string[];
  /** Texts that hold any of these get `apartMark` in front: a text the value pipeline of each run would rewrite differently (a path of one run's own). */
  apart?: string[];
  apartMark?: string;
}

/** A stream that masks addresses masks what the value pipeline masks: the adapter's own rules too (a cut address in a Python container, a thread's ids). */
export function withAdapterRules<T extends { addresses?: string }>(
  args: T,
  definition: { normalise?: StreamHitsArguments['rules']; volatile?: StreamHitsArguments['volatile'] },
): T & Pick<StreamHitsArguments, 'rules' | 'volatile'> {
  if (args.addresses === undefined) return args;
  return {
    ...args,
    ...(definition.normalise?.length ? { rules: definition.normalise } : {}),
    ...(definition.volatile?.length ? { volatile: definition.volatile } : {}),
  };
}

export interface StreamedHit {
  /** The locals' texts, by name. */
  values: Record<string, string>;
  /** The watch expressions' texts, by expression. */
  watch?: Record<string, string>;
}

export interface StreamedHits {
  hits: StreamedHit[];
  /** The program stands on the last hit recorded (the batch was not cut short by another stop or its end). */
  last?: boolean;
  ended: null | { exitCode: number | null };
}
