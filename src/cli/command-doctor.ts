// `bpdiff doctor`: which built-in debug adapters are installed here, with their versions, and the
// command that installs each missing one (src/library/doctor.ts looks); exit 0 when every one is
// there, 1 otherwise.
import type { AdapterDefinition } from '../adapters/definition.js';
import type { Io } from '../intake/io.js';
import { checkAdapters, formatStatuses } from '../library/doctor.js';

/**
 * `bpdiff doctor`: exit 0 when every built-in adapter is installed, 1 otherwise. With
 * `--adapter-config FILE`, that definition instead: a definition that does not hold (the schema, its
 * regexes, its hooks module) is the usual one-line error (exit 2); then its adapter is looked for as
 * a run would look for it.
 */
export async function runDoctorCommand(
  io: Io,
  adapterConfig: string | null = null,
  definitions?: readonly AdapterDefinition[],
): Promise<number> {
  const { definition, adapters } = await checkAdapters(
    adapterConfig === null ? {} : { adapter_config: adapterConfig },
    { base: io.cwd },
    definitions,
  );
  if (definition !== null)
    io.stdout(
      `definition ok: ${adapterConfig} (adapter "${definition.id}", ${definition.file_extensions.length > 0 ? `for ${definition.file_extensions.join(' ')}` : 'chosen with --adapter-config'})\n`,
    );
  io.stdout(formatStatuses(adapters));
  return adapters.every((status) => status.ok) ? 0 : 1;
}
