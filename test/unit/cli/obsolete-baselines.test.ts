// Baselines no check refers to (bpdiff check's obsolete list), listed in natural order.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { obsoleteBaselines } from '../../../src/cli/check-baselines.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-obsolete-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('obsolete baselines', () => {
  it('are listed x2 before x10, the referred ones and other files left out', () => {
    const baselines = path.join(tmp, '.bpdiff', 'baselines');
    fs.mkdirSync(baselines, { recursive: true });
    for (const name of ['x10.json', 'x2.json', 'x1.json', 'kept.json', 'notes.txt'])
      fs.writeFileSync(path.join(baselines, name), '{}');
    const kept = path.join(baselines, 'kept.json');
    const config = {
      file: path.join(tmp, 'bpdiff.config.json'),
      options: {},
      baselines,
      failOnObsolete: false,
      checks: [
        {
          name: 'kept',
          bp: 'a.py:1',
          condition: null,
          cmd: ['python3'],
          cwd: tmp,
          env: {},
          baseline: kept,
          options: {},
        },
      ],
    };
    expect(obsoleteBaselines(config).map((file) => path.basename(file))).toEqual(['x1.json', 'x2.json', 'x10.json']);
  });
});
