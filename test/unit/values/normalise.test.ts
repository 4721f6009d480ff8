// Addresses masked by type, not by the shape of a text (issue 22 item 7).
import { describe, expect, it } from 'vitest';
import { isDataType, maskAddresses, normaliseValues } from '../../../src/values/normalise.js';

describe('normaliseValues by type', () => {
  it("keeps a number, a character or a string written in hex: it is the program's data", () => {
    const result = normaliseValues(
      {
        max: '18446744073709551615 = 0xffffffffffffffff',
        c32: "U+0x00000021 U+0x00000021 U'!'",
        id: "'0x7f1d45fd1c10'",
        word: '"0xdeadbeef01"',
        ptr: '0x00005555555592a0',
        obj: '<__main__.Point object at 0x7f1d45fd1c10>',
      },
      [],
      undefined,
      { max: 'uint64', c32: 'char32_t', id: 'str', word: 'alloc::string::String', ptr: 'int *', obj: 'Point' },
    );
    expect(result.variables).toEqual({
      max: '18446744073709551615 = 0xffffffffffffffff',
      c32: "U+0x00000021 U+0x00000021 U'!'",
      id: "'0x7f1d45fd1c10'",
      word: '"0xdeadbeef01"',
      ptr: '0x…',
      obj: '<__main__.Point object at 0x…>',
    });
    expect(result.normalised).toEqual(['obj', 'ptr']);
  });

  it('masks the address in the error a value of a data type reads instead of its value', () => {
    const result = normaliseValues(
      { type: '<error: parent failed to evaluate: read memory from 0x4954410000bf273d failed (0 of 8 bytes read)>' },
      [],
      undefined,
      { type: 'int' },
    );
    expect(result.variables.type).toBe(
      '<error: parent failed to evaluate: read memory from 0x… failed (0 of 8 bytes read)>',
    );
  });

  it('masks a pointer a format wrote in decimal, as it would in hex', () => {
    const result = normaliseValues(
      { data_ptr: '93824992261047 "1.2.0-alpha"', len: '93824992261047', nil: '0' },
      [],
      undefined,
      { data_ptr: 'unsigned char *', len: 'unsigned long', nil: 'int *' },
    );
    expect(result.variables).toEqual({ data_ptr: '0x… "1.2.0-alpha"', len: '93824992261047', nil: '0' });
  });

  it('masks a pointer or an object, not a string it holds', () => {
    expect(maskAddresses('0x00007fffffffeacc "0x00007fffffffeacc"')).toBe('0x… "0x00007fffffffeacc"');
    expect(maskAddresses("{'id': '0xc000123456', 'at': <X object at 0x7f00aa55bb10>}")).toBe(
      "{'id': '0xc000123456', 'at': <X object at 0x…>}",
    );
    expect(maskAddresses("it's at 0x7f00aa55bb10")).toBe("it's at 0x…");
  });

  it("masks the part of an address the value's own cut left at its end, not a string the cut left open", () => {
    expect(maskAddresses('[(Item *) 0x00005555555592a0, (Item *) 0x00005555…')).toBe('[(Item *) 0x…, (Item *) 0x……');
    expect(maskAddresses('[<a.B object at 0x7f6a…')).toBe('[<a.B object at 0x……');
    expect(maskAddresses('0x00005555555592a0 "0x12…')).toBe('0x… "0x12…');
    expect(maskAddresses('[0x7f6a, 2]')).toBe('[0x7f6a, 2]');
  });

  it("masks, by the Python adapters' rules, a repr's address tail that the value's own cut left in part", async () => {
    const fs = await import('node:fs');
    for (const id of ['python', 'debugpy']) {
      const rules = (
        JSON.parse(fs.readFileSync(`adapters/${id}/adapter.json`, 'utf8')) as {
          normalise: Parameters<typeof normaliseValues>[1];
        }
      ).normalise;
      const cut = (tail: string) =>
        normaliseValues(
          { nested: `[[<__main__.Item objec...21658ecd0>, <__main__.Item objec...${tail}…` },
          rules,
          undefined,
          { nested: 'list' },
        ).variables.nested;
      expect(cut('2165'), id).toBe('[[<__main__.Item objec...0x…>, <__main__.Item objec...0x……');
      expect(cut('a925'), id).toBe(cut('2165'));
    }
  });

  it("masks, by the Java adapter's rules, a lambda's default toString in a text the program made", async () => {
    const fs = await import('node:fs');
    const rules = (
      JSON.parse(fs.readFileSync('adapters/java/adapter.json', 'utf8')) as {
        normalise: Parameters<typeof normaliseValues>[1];
      }
    ).normalise;
    const text = (value: string) =>
      normaliseValues({ text: value }, rules, undefined, { text: 'java.lang.String' }).variables.text;
    // Two runs of one program (JDK 17, then JDK 25): the hidden class's address, the hash and the counter differ.
    expect(text('"[Main$$Lambda$230/0x00007f5ff814c648@161b062a, main$$Lambda$3/0x00007f5ff814c888@1b6d]"')).toBe(
      '"[Main$$Lambda@…, main$$Lambda@…]"',
    );
    expect(text('"Main$$Lambda/0x0000000066160210@cd3fee8"')).toBe(text('"Main$$Lambda/0x000000005f160210@3e2e18f2"'));
    expect(text('"Main$$Lambda$14/0x00007f5ff814c208"')).toBe('"Main$$Lambda"');
    expect(text('"Item@1b6d3586, /0x00007f5ff814c208"')).toBe('"Item@…, /0x00007f5ff814c208"');
  });

  it("writes, by rdbg's rules, a live thread as alive, however the debugger's stop found it (run, sleep)", async () => {
    const fs = await import('node:fs');
    const rules = (
      JSON.parse(fs.readFileSync('adapters/ruby/adapter.json', 'utf8')) as {
        normalise: Parameters<typeof normaliseValues>[1];
      }
    ).normalise;
    const thread = (value: string) =>
      normaliseValues({ worker: value }, rules, undefined, { worker: 'Thread' }).variables.worker;
    // The same thread, left asleep in `sleep` by the program, in identical runs under rdbg.
    expect(thread('#<Thread:0x00007f55910c4250 /src/x.rb:7 sleep_forever>')).toBe(
      thread('#<Thread:0x00007fb8b44543a8 /src/x.rb:7 sleep>'),
    );
    expect(thread('#<Thread:0x00007f55910c4250 /src/x.rb:7 run>')).toBe('#<Thread:0x… /src/x.rb:7 alive>');
    expect(thread('[#<Thread:0x00007f55910c4250 x.rb:5 dead>, #<Thread:0x00007f55910c4258 sleep_forever>]')).toBe(
      '[#<Thread:0x… x.rb:5 dead>, #<Thread:0x… alive>]',
    );
    expect(thread('#<Thread:0x00007f55910c4250 aborting>')).toBe('#<Thread:0x… aborting>');
    // A string the program made is its data.
    expect(
      normaliseValues({ text: '"#<Thread:0x00007f55910c4250 sleep_forever>"' }, rules, undefined, { text: 'String' })
        .variables.text,
    ).toBe('"#<Thread:0x00007f55910c4250 sleep_forever>"');
  });

  it("knows the data types of each built-in adapter's languages, and not the ones that hold addresses", () => {
    for (const type of [
      'int',
      'unsigned long long',
      'const char32_t',
      'uint64_t',
      'std::string',
      'const std::__cxx11::basic_string<char16_t>',
      'u64',
      'usize',
      '&str',
      'alloc::string::String',
      'uint64',
      'rune',
      'string',
      'int',
      'str',
      'bytes',
      'number',
      'bigint',
    ]) {
      expect(isDataType(type), type).toBe(true);
    }
    for (const type of [
      'int *',
      'char *',
      'const std::string &',
      'int &',
      'uintptr',
      'uintptr_t',
      '*main.Node',
      'Point',
      'std::vector<int>',
      '&&str',
      'unsafe.Pointer',
      undefined,
    ]) {
      expect(isDataType(type), String(type)).toBe(false);
    }
  });
});

describe('a value of 20 million characters', () => {
  it('is masked with its quoted string kept whole: no backtracking stack that grows with its length', () => {
    const text = `0x7ffd5a3c1e20 "${'a'.repeat(20_000_000)}\\"b"`;
    expect(maskAddresses(text)).toBe(`0x… "${'a'.repeat(20_000_000)}\\"b"`);
    // Real work on 20 MB: a loaded machine takes seconds, so no clock of the default 5 s judges it.
  }, 120_000);
});
