// Being written (issue 4): see adapters/lldb.json.
import type { AdapterHooks } from './types.js';

export const lldbHooks: AdapterHooks = {};
