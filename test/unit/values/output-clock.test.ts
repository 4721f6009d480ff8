// What a run writes, as a walk compares it: the clock readings in it (a log line's time stamp, within
// a minute of the run's own time) written <clock>, and its own process ids <pid>; dates and times the
// program computes, away from the run's time, as written.
import { describe, expect, it } from 'vitest';
import { clockReadingsInText, pidsInText } from '../../../src/values/output-text.js';

// The run started at 2026-11-30T19:25:00.000Z and it is now 19:25:10 (UTC).
const SINCE = Date.UTC(2026, 10, 30, 19, 25, 0);
const NOW = () => Date.UTC(2026, 10, 30, 19, 25, 10);
const clock = clockReadingsInText(SINCE, NOW);
const local = (h: number, m: number, s: number): Date => new Date(Date.UTC(2026, 10, 30, h, m, s));

describe('clockReadingsInText', () => {
  it("a logger's time stamps near the run's time, in the forms loggers write them", () => {
    expect(clock('2026-11-30T19:25:00.513Z added 1\n')).toBe('<clock> added 1\n');
    expect(clock('2026-11-30T20:25:03.1+01:00 ok')).toBe('<clock> ok');
    expect(clock('I, [2026-11-30T19:25:04.513212 #4242]  INFO -- : x')).toBe('I, [<clock> #4242]  INFO -- : x');
    expect(clock('2026/11/30 19:25:05 started')).toBe('<clock> started');
    expect(clock('Nov 30, 2026 7:25:06 PM Main main')).toBe('<clock> Main main');
    expect(clock('[19:25:07.120] tick')).toBe('[<clock>] tick');
    expect(clock(`at ${Math.floor(NOW() / 1000)} and ${NOW()}`)).toBe('at <clock> and <clock>');
  });

  it('the same in local time, where no zone is written', () => {
    const at = local(19, 25, 3);
    const pad = (n: number): string => String(n).padStart(2, '0');
    const written = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())},513 INFO`;
    expect(clock(written)).toBe('<clock> INFO');
  });

  it("dates and times away from the run's own time, and numbers that are no time, as written", () => {
    for (const text of [
      'due 2026-12-01T19:25:00Z',
      '2025-11-30 19:25:00',
      'ratio 10:20:30',
      'id 1234567890',
      'total 2026',
      'version 1.2.3',
    ])
      expect(clock(text)).toBe(text);
  });
});

describe('pidsInText', () => {
  it("the run's own process ids where # or pid introduces them (Ruby's Logger, pid=N); a number that only equals one stays", () => {
    const pids = pidsInText(() => [4242, 1]);
    expect(pids('I, [x #4242]  INFO -- : added 1')).toBe('I, [x #<pid>]  INFO -- : added 1');
    expect(pids('started pid=4242, PID: 4242')).toBe('started pid=<pid>, PID: <pid>');
    expect(pids('count 4242 #14242 pid=4242.5 items[4242]')).toBe('count 4242 #14242 pid=4242.5 items[4242]');
  });
});

describe('the run pids step', () => {
  it("writes a variable named for a process id that holds the run's <pid>; a number that only equals it stays", async () => {
    const { runValuePipeline } = await import('../../../src/values/pipeline.js');
    const { builtinDefinitions } = await import('../../../src/adapters/registry.js');
    const values = runValuePipeline(
      {
        variables: {
          pid: '4242',
          'w.worker_pid': '4242',
          log: "'/var/log/w-4242.log'",
          'items[4242]': '4242',
          count: '4242',
          other_pid: '4243',
        },
        types: {},
        truncated: [],
        normalised: [],
      },
      {
        adapter: { definition: builtinDefinitions()[0]!, hooks: {} },
        breakpointPath: '/x/a.py',
        raw: false,
        runPids: () => [4242],
      },
    );
    expect(values.variables).toEqual({
      pid: '<pid>',
      'w.worker_pid': '<pid>',
      log: "'/var/log/w-4242.log'",
      'items[4242]': '4242',
      count: '4242',
      other_pid: '4243',
    });
    expect(values.normalised).toEqual(['pid', 'w.worker_pid']);
  });
});
