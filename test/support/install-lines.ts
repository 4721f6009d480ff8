// The install as the README and the example workflows write it, read from those files so that the
// tests run the very lines a user copies: the README's install block and a workflow step's `run:`.
import fs from 'node:fs';
import path from 'node:path';

/** The published repository's URL as the README and the workflows write it (tests put a git+file:// clone in its place). */
export const PUBLISHED_URL = 'git+https://github.com/bpdiff/bpdiff.git';

/** The lines of the README's install block (the first ```sh block under "### Install"). */
export function readmeInstallLines(root: string): string[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n### Install\n'));
  const block = /```sh\n([\s\S]*?)\n```/.exec(section);
  if (!block) throw new Error('README.md: no ```sh block under "### Install"');
  return block[1]!.split('\n');
}

/** The `run:` of the workflow's step named `name`: its one line, or its block (`run: |`) unindented; undefined when there is no such step. */
export function workflowStep(workflow: string, name: string): string | undefined {
  const lines = fs.readFileSync(workflow, 'utf8').split('\n');
  const start = lines.findIndex((line) => line.trim() === `- name: ${name}`);
  if (start < 0) return undefined;
  for (let index = start + 1; index < lines.length && !/^\s+- name: /.test(lines[index]!); index++) {
    const run = /^(\s+)run: (.*)$/.exec(lines[index]!);
    if (!run) continue;
    if (run[2] !== '|') return run[2]!;
    const body: string[] = [];
    const indent = /^\s*/.exec(lines[index + 1] ?? '')![0];
    for (let next = index + 1; next < lines.length && (lines[next]!.startsWith(indent) || lines[next] === ''); next++)
      body.push(lines[next]!.slice(indent.length));
    while (body.at(-1) === '') body.pop();
    return body.join('\n');
  }
  return undefined;
}
