import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * What every multi-process bench needs from the machine: free loopback ports, temp folders removed
 * at the end, and the load average to print beside each number (2 shared cores: other work runs).
 */

/** A port nobody listens on now, on 127.0.0.1 (never a fixed one: benches and tests run side by side). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** A fresh folder under the OS temp dir; `onCleanUp` receives its removal. */
export function tempDir(prefix: string, onCleanUp: (undo: () => void) => void): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanUp(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The 1, 5 and 15 minute load averages, as printed beside every measurement. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * The whole machine's CPU seconds so far (all cores, from /proc/stat): busy and in all. Beside a
 * bench's own processes' CPU it shows how much other work took meanwhile.
 */
export function machineCpu(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already in user): USER_HZ = 100.
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / 100, total: (busy + idle + iowait) / 100 };
}
