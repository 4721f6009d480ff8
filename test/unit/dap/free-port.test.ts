// freeLoopbackPort (src/dap/adapter-process.ts): two runs' programs must never be given one port.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../../src/dap/adapter-process.js';

describe('freeLoopbackPort', () => {
  it('gives a port that can be listened on, and none of the last 256 it gave again', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 300; i++) ports.push(await freeLoopbackPort());
    for (let i = 0; i + 256 <= ports.length; i++) expect(new Set(ports.slice(i, i + 256)).size).toBe(256);
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ports.at(-1), '127.0.0.1', () => resolve());
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
