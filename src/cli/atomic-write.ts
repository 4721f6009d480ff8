// -o FILE is written whole or not at all: a temporary file beside the target, then a rename (atomic
// on one filesystem). On any failure the temporary file is removed and the target left untouched.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export function writeFileAtomic(target: string, data: string): void {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    fs.writeFileSync(temp, data, { flag: 'wx' });
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}
