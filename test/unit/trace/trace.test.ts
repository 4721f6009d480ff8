import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Redactor } from '../../../src/redact/redactor.js';
import {
  describeMessage,
  MAX_TRACED_BODY,
  setTraceScrub,
  startTrace,
  stopTrace,
  traceMessage,
  tracePhase,
  traceTarget,
  tracing,
} from '../../../src/trace/trace.js';

function lines(file: string): Array<Record<string, unknown>> {
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the trace writer (BPDIFF_TRACE)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpdiff-trace-'));
  afterEach(() => stopTrace());
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('does nothing until started: what is traced before is nowhere, not even in a trace started later', () => {
    expect(tracing()).toBe(false);
    tracePhase('A', 'before the start');
    traceMessage('A', 'out', { seq: 1, type: 'request', command: 'initialize' });
    const file = path.join(dir, 'late.jsonl');
    expect(fs.existsSync(file)).toBe(false);
    startTrace({ file });
    expect(tracing()).toBe(true);
    tracePhase('A', 'after the start');
    stopTrace();
    expect(lines(file).map((line) => line.phase ?? (line.message as { name: string }).name)).toEqual([
      'after the start',
    ]);
  });

  it('writes phases and messages as JSON lines with a time since process start, in order', () => {
    const file = path.join(dir, 'order.jsonl');
    startTrace({ file });
    tracePhase(null, 'args parsed', { command: 'compare' });
    tracePhase('A', 'adapter spawn');
    traceMessage('A', 'out', { seq: 1, type: 'request', command: 'initialize', arguments: { adapterID: 'x' } });
    traceMessage('B', 'in', { seq: 3, type: 'event', event: 'stopped', body: { reason: 'breakpoint', threadId: 1 } });
    stopTrace();
    const written = lines(file);
    expect(written.map((line) => line.phase ?? (line.message as { name: string }).name)).toEqual([
      'args parsed',
      'adapter spawn',
      'initialize',
      'stopped',
    ]);
    const times = written.map((line) => line.t as number);
    expect(times.every((t) => typeof t === 'number' && t > 0)).toBe(true);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(written[0]).toMatchObject({ run: null, command: 'compare' });
    expect(written[2]).toMatchObject({
      run: 'A',
      message: { dir: 'out', type: 'request', name: 'initialize', seq: 1, body: { adapterID: 'x' } },
    });
    expect(written[3]).toMatchObject({
      run: 'B',
      message: { dir: 'in', name: 'stopped', body: { reason: 'breakpoint' } },
    });
    // Nothing is written once stopped.
    tracePhase('A', 'late');
    expect(lines(file)).toHaveLength(4);
  });

  it('never writes the body of a message that may hold values, nor a large body', () => {
    const values = describeMessage('in', {
      seq: 9,
      type: 'response',
      command: 'variables',
      request_seq: 4,
      success: true,
      body: { variables: [{ name: 'pw', value: 'hunter2' }] },
    });
    expect(values).toEqual({ dir: 'in', type: 'response', name: 'variables', seq: 9, request_seq: 4, success: true });
    expect(
      JSON.stringify(
        describeMessage('out', { seq: 2, type: 'request', command: 'launch', arguments: { env: { TOKEN: 's3cret' } } }),
      ),
    ).not.toContain('s3cret');
    expect(
      JSON.stringify(
        describeMessage('in', { seq: 5, type: 'event', event: 'output', body: { output: 'password=s3cret' } }),
      ),
    ).not.toContain('s3cret');
    const big = describeMessage('in', {
      seq: 6,
      type: 'event',
      event: 'module',
      body: { text: 'x'.repeat(MAX_TRACED_BODY) },
    });
    expect(big.body).toBeUndefined();
    expect(big.body_chars).toBeGreaterThan(MAX_TRACED_BODY);
  });

  it('passes every line through the redactor', () => {
    const file = path.join(dir, 'scrubbed.jsonl');
    const redactor = new Redactor({ key: 'k' });
    redactor.addSecretEnv({ API_TOKEN: 'tok-123456789' });
    startTrace({ file });
    setTraceScrub((text) => redactor.scrub(text));
    traceMessage('A', 'out', {
      seq: 1,
      type: 'request',
      command: 'setBreakpoints',
      arguments: { condition: 'key == "tok-123456789"' },
    });
    stopTrace();
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain('tok-123456789');
    expect(text).toContain('<redacted:');
  });

  it('reads BPDIFF_TRACE as off (unset, empty, 0), stderr (1) or a file', () => {
    expect([undefined, '', '0'].map(traceTarget)).toEqual([null, null, null]);
    expect(traceTarget('1')).toBe('stderr');
    expect(traceTarget('/tmp/t.jsonl')).toEqual({ file: '/tmp/t.jsonl' });
  });

  it('says which file it cannot write', () => {
    expect(() => startTrace({ file: path.join(dir, 'missing/folder/trace.jsonl') })).toThrow(
      /BPDIFF_TRACE=.*missing\/folder/,
    );
  });
});
