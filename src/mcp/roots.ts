// The folders an MCP client lets the server work in: the roots it declares (MCP `roots/list`, asked
// again after `notifications/roots/list_changed`), or, when it declares none, the folder the server
// was started in. An agent's arguments may come from a hostile file it read; every path a tool is
// given is confined to these (confine.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { BpdiffError } from '../errors.js';

/** How long the client has to answer roots/list. */
const ROOTS_TIMEOUT_MS = 10_000;

export interface Roots {
  /** The roots' real paths, and whether the client declared them (else: the server's folder). */
  current(): Promise<{ folders: string[]; declared: boolean }>;
}

/** The roots of `server`'s client, asked for once and again after each list_changed; `cwd`: the server's folder. */
export function clientRoots(server: Server, cwd: string): Roots {
  let asked: Promise<string[]> | null = null;
  server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
    asked = null;
  });
  const started = [realFolder(cwd)];
  return {
    async current() {
      if (server.getClientCapabilities()?.roots === undefined) return { folders: started, declared: false };
      asked ??= askRoots(server);
      const pending = asked;
      let folders: string[];
      try {
        folders = await pending;
      } catch (error) {
        // Asked again on the next call: the client may answer then.
        if (asked === pending) asked = null;
        throw new BpdiffError(
          'USAGE',
          `the client declares roots, but did not answer roots/list (${(error as Error).message}) — answer roots/list with the folders bpdiff may read, or declare no roots to let it read the folder it was started in (${cwd})`,
        );
      }
      return folders.length === 0 ? { folders: started, declared: false } : { folders, declared: true };
    },
  };
}

async function askRoots(server: Server): Promise<string[]> {
  const { roots } = await server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS });
  const folders: string[] = [];
  for (const root of roots) {
    // Only file: roots name folders here; a root of another scheme gives no access to files.
    if (!root.uri.startsWith('file:')) continue;
    try {
      folders.push(realFolder(fileURLToPath(root.uri)));
    } catch {
      // A malformed file: URI names nothing.
    }
  }
  return folders;
}

/** A folder's real path (its links resolved), or the path as given when it does not exist. */
export function realFolder(dir: string): string {
  try {
    return fs.realpathSync(path.resolve(dir));
  } catch {
    return path.resolve(dir);
  }
}
