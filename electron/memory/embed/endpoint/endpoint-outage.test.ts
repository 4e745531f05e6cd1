// The retry schedule of an endpoint that is down: doubling from the first wait, capped, a failed
// try or a late failure keeps the newest reason, a good one clears the outage once and calls back.
import { describe, expect, it, vi } from 'vitest';
import { EndpointOutage } from './endpoint-outage.js';

describe('EndpointOutage', () => {
  it('tries again after 10, 20, 40, 40 ms (capped), keeps the latest reason, and recovers once', async () => {
    const now = 1_000;
    let fail = true;
    const waits: number[] = [];
    let recovered = 0;
    const outage: EndpointOutage = new EndpointOutage({
      firstMs: 10,
      maxMs: 40,
      now: () => now,
      probe: async () => {
        if (fail) throw new Error(`still down (${waits.length})`);
      },
      onRecovered: () => void recovered++,
      onDidChange: () => {
        const state = outage.state;
        if (state?.nextRetryAt) waits.push(state.nextRetryAt - now);
      },
    });
    expect(outage.state).toBeNull();
    outage.markDown('answered 503');
    // A call that was under way fails differently: the reason is the latest, the schedule stays.
    outage.markDown('ECONNREFUSED');
    expect(outage.state).toMatchObject({ reason: 'ECONNREFUSED', tries: 0, since: 1_000 });
    expect(outage.describe()?.message).toBe('ECONNREFUSED — trying again in 1 s (or Retry now)');
    // Each reason is one change; the second keeps the first's wait.
    expect(waits).toEqual([10, 10]);
    await vi.waitFor(() => expect(outage.state?.tries ?? 0).toBeGreaterThanOrEqual(4), { timeout: 5_000 });
    expect(waits.slice(0, 6)).toEqual([10, 10, 20, 40, 40, 40]);
    expect(outage.state?.reason).toMatch(/^still down/);

    fail = false;
    await vi.waitFor(() => expect(outage.state).toBeNull(), { timeout: 5_000 });
    await vi.waitFor(() => expect(recovered).toBe(1));
    expect(await outage.retryNow()).toBe(true);
    outage.close();
  });

  it('Retry now tries at once and says whether it answered', async () => {
    let answers = false;
    const outage = new EndpointOutage({
      firstMs: 600_000,
      probe: async () => {
        if (!answers) throw new Error('refused');
      },
      onRecovered: () => undefined,
      onDidChange: () => undefined,
    });
    outage.markDown('refused');
    expect(await outage.retryNow()).toBe(false);
    expect(outage.state).toMatchObject({ tries: 1, reason: 'refused' });
    answers = true;
    expect(await outage.retryNow()).toBe(true);
    expect(outage.state).toBeNull();
    outage.close();
  });
});
