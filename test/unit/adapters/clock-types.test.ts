// Each adapter definition's clock_types against the type names that adapter gives a time, a duration
// and what is neither (as read from the real adapters on small programs: Python's datetime.now(), a
// JavaScript Date, Ruby's Time.now, Java's Instant.now(), Go's time.Now(), Rust's SystemTime::now(),
// C's clock_gettime under lldb-dap and gdb). test/integration/clocks.test.ts runs four of them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ADAPTERS = path.resolve(import.meta.dirname, '../../../adapters');

function clockTest(id: string): (type: string) => boolean {
  const definition = JSON.parse(fs.readFileSync(path.join(ADAPTERS, id, 'adapter.json'), 'utf8')) as {
    clock_types?: string[];
  };
  const patterns = (definition.clock_types ?? []).map((pattern) => new RegExp(pattern));
  return (type) => patterns.some((pattern) => pattern.test(type));
}

const CASES: Record<string, { times: string[]; others: string[] }> = {
  python: {
    times: ['datetime', 'date', 'time', 'timedelta', 'struct_time'],
    others: ['module', 'float', 'int', 'str', 'Order'],
  },
  debugpy: { times: ['datetime', 'date', 'time', 'timedelta'], others: ['module', 'float', 'dict'] },
  node: { times: ['Date'], others: ['number', 'Object', 'DateTimeFormat', 'string'] },
  ruby: { times: ['Time', 'Date', 'DateTime'], others: ['Integer', 'Float', 'Timeout', 'Object'] },
  java: {
    times: [
      'java.time.Instant',
      'java.time.LocalDateTime',
      'java.time.Duration',
      'java.util.Date',
      'java.sql.Timestamp',
    ],
    others: ['long', 'java.lang.String', 'java.util.DateFormat', 'java.time.ZoneId'],
  },
  go: {
    times: ['time.Time', '*time.Time', 'time.Duration'],
    others: ['*time.Location', 'uint64', 'int64', 'main.Order', 'time.Month'],
  },
  lldb: {
    times: [
      'std::time::SystemTime',
      'std::time::Instant',
      'core::time::Duration',
      'timespec',
      'struct timespec',
      'timeval',
      'time_t',
      'std::chrono::time_point<std::chrono::_V2::system_clock, std::chrono::duration<long, std::ratio<1, 1000000000> > >',
      'std::chrono::system_clock::time_point',
    ],
    others: ['long', 'int', 'uint64_t', 'std::string', 'timezone'],
  },
  gdb: {
    times: ['struct timespec', 'struct timeval', 'time_t'],
    others: ['long', 'int', 'struct tm *', 'char [32]'],
  },
};

describe('clock_types', () => {
  for (const [id, { times, others }] of Object.entries(CASES))
    it(`${id}: its times and durations, and nothing else`, () => {
      const isClock = clockTest(id);
      expect(times.filter((type) => !isClock(type))).toEqual([]);
      expect(others.filter(isClock)).toEqual([]);
    });
});
