// Vitest's global setup: the tests' bpdiff runs cache in a folder of their own, removed at the end,
// not in the user's ~/.cache/bpdiff (the test programs are built in temp folders, so each run would
// leave facts about executables that no longer exist), and keep their redaction key
// (src/redact/default-key.ts) in a config folder of their own, not the user's ~/.config/bpdiff.
// Workers and the bpdiff processes they start inherit XDG_CACHE_HOME and XDG_CONFIG_HOME; a test
// about the cache or the key sets its own. Go's build cache stays where it was ($GOCACHE, else
// go-build in the user's cache folder, as go finds it): it is keyed by content, and a fresh one made
// every run compile Go's standard library again with the debug flags (about 9 s of CPU per flag set,
// measured with `go build -gcflags=all=-N -l` of examples/go/orders/v1: 9.4 s cold, 0.55 s warm).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeProcessTempRoot } from './file-end.js';

export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-test-cache-'));
  process.env.GOCACHE ||= path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'go-build');
  process.env.XDG_CACHE_HOME = dir;
  process.env.XDG_CONFIG_HOME = path.join(dir, 'config');
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    // The unit tests run in threads of this process: the folder bpdiff's code made for it.
    removeProcessTempRoot();
  };
}
