// Being written (issue 4): see adapters/go.json.
import type { AdapterHooks } from './types.js';

export const goHooks: AdapterHooks = {};
