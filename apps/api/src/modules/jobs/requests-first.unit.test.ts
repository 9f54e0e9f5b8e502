import { describe, expect, it } from 'vitest';
import { RequestsFirst } from './requests-first.ts';

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('requests first (a job step waits for the requests in flight)', () => {
  it('goes at once when no request is in flight', async () => {
    const gate = new RequestsFirst(10_000);
    expect(await settled(gate.turn())).toBe(true);
  });

  it('waits until the last request in flight has ended', async () => {
    const gate = new RequestsFirst(10_000);
    gate.begin();
    gate.begin();
    const turn = gate.turn();
    expect(await settled(turn)).toBe(false);
    gate.end();
    expect(await settled(turn)).toBe(false);
    gate.end();
    expect(await settled(turn)).toBe(true);
    expect(gate.busy).toBe(0);
  });

  it('never waits longer than its limit, so a steady stream of requests cannot starve a job', async () => {
    const gate = new RequestsFirst(20);
    gate.begin();
    const started = performance.now();
    await gate.turn();
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    expect(gate.busy).toBe(1);
  });

  it('does not count below zero (an end without a begin)', async () => {
    const gate = new RequestsFirst(10_000);
    gate.end();
    gate.begin();
    const turn = gate.turn();
    gate.end();
    expect(await settled(turn)).toBe(true);
    expect(gate.busy).toBe(0);
  });
});

describe('requests first, for work done inside a request (a file staged by its upload)', () => {
  it('counts the caller as its own request in flight', async () => {
    const gate = new RequestsFirst(10_000);
    gate.begin(); // the upload itself
    expect(await settled(gate.turn(1))).toBe(true);
    gate.begin(); // another request
    const turn = gate.turn(1);
    expect(await settled(turn)).toBe(false);
    gate.end();
    expect(await settled(turn)).toBe(true);
  });
});
