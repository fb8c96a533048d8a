import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import {
  createFairShare,
  MAX_DECODES_PER_STORYFILE,
  MAX_DECODES_PER_VISITOR,
  SPEECH_STORYFILE_BUSY_MESSAGE,
  SPEECH_VISITOR_BUSY_MESSAGE,
  type DecodeOwner,
} from './fair-share.ts';

// Issue 53, item 7: twenty public streams from one address, each with a decode, pushed another
// visitor's 4-s question to 24 s: the recognizer's slots were served first come, first served.
// Decodes here are tasks the test finishes by hand, so the order is counted, never timed.

/** A decode the test ends when it likes; `started` says whether it got a slot. */
function decodeFor(share: ReturnType<typeof createFairShare>, owner: DecodeOwner) {
  let finish!: () => void;
  const state: { started: boolean; settled: Promise<unknown> } = {
    started: false,
    settled: Promise.resolve(),
  };
  state.settled = share
    .run(owner, () => {
      state.started = true;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    })
    .catch((error: unknown) => error);
  return { state, finish: () => finish() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Finishes each decode as it gets its slot, until all are done. */
async function drain(decodes: ReturnType<typeof decodeFor>[]) {
  const left = new Set(decodes);
  while (left.size > 0) {
    await tick();
    for (const decode of left) {
      if (decode.state.started) {
        left.delete(decode);
        decode.finish();
      }
    }
  }
  await Promise.all(decodes.map((decode) => decode.state.settled));
}

describe('the recognizer shared fairly', () => {
  it("gives a free slot to another visitor's decode before a busy visitor's next one", async () => {
    const share = createFairShare(2);
    const busy = { visitor: 'address|10.0.0.1', storyfileId: 'grandma' };
    const other = { visitor: 'address|10.0.0.2', storyfileId: 'grandma' };
    const busyDecodes = Array.from({ length: MAX_DECODES_PER_VISITOR }, () =>
      decodeFor(share, busy),
    );
    await tick();
    const question = decodeFor(share, other);
    await tick();
    expect(busyDecodes.map((decode) => decode.state.started)).toEqual([true, true, false, false]);
    expect(question.state.started).toBe(false);

    busyDecodes[0]!.finish();
    await tick();
    // Before: the busy visitor's third decode, queued first, took the slot.
    expect(question.state.started).toBe(true);
    expect(busyDecodes[2]!.state.started).toBe(false);

    await drain([...busyDecodes.slice(1), question]);
    expect(share.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a visitor past their share with a 429 that says why, and takes them again later', async () => {
    const share = createFairShare(1);
    const owner = { visitor: 'address|10.0.0.3', storyfileId: 'grandpa' };
    const decodes = Array.from({ length: MAX_DECODES_PER_VISITOR }, () => decodeFor(share, owner));
    const refused = await share.run(owner, () => Promise.resolve('never')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, message: SPEECH_VISITOR_BUSY_MESSAGE });
    expect(SPEECH_VISITOR_BUSY_MESSAGE).toBe(
      'You have 4 spoken questions being heard already. Wait for their answers, then ask again.',
    );
    // Another visitor is not refused for it.
    const another = decodeFor(share, { visitor: 'address|10.0.0.4', storyfileId: 'grandpa' });
    await drain([...decodes, another]);
    await expect(share.run(owner, () => Promise.resolve('heard'))).resolves.toBe('heard');
  });

  it("refuses a storyfile past its share, all its visitors together, and not another storyfile's", async () => {
    const share = createFairShare(1);
    const decodes = Array.from({ length: MAX_DECODES_PER_STORYFILE }, (_, index) =>
      decodeFor(share, { visitor: `address|10.1.0.${index}`, storyfileId: 'popular' }),
    );
    const refused = await share
      .run({ visitor: 'address|10.2.0.1', storyfileId: 'popular' }, () => Promise.resolve(1))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429, message: SPEECH_STORYFILE_BUSY_MESSAGE });
    const elsewhere = decodeFor(share, { visitor: 'address|10.2.0.1', storyfileId: 'quiet' });
    await tick();
    decodes[0]!.finish();
    await tick();
    // The quiet storyfile's decode goes before the popular one's fifteen waiting.
    expect(elsewhere.state.started).toBe(true);
    await drain([...decodes.slice(1), elsewhere]);
    expect(share.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a decode dropped while it waits leave the queue and its share at once', async () => {
    const share = createFairShare(1);
    const owner = { visitor: 'address|10.3.0.1', storyfileId: 'grandma' };
    const first = decodeFor(share, owner);
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    let hasStarted = false;
    const dropped = controllers.map((controller) =>
      share
        .run(
          owner,
          () => {
            hasStarted = true;
            return Promise.resolve();
          },
          controller.signal,
        )
        .catch((error: unknown) => error),
    );
    await tick();
    expect(share.counts).toEqual({ running: 1, waiting: 3 });
    controllers.forEach((controller) => controller.abort());
    for (const error of await Promise.all(dropped)) {
      expect(error).toBeInstanceOf(Error);
    }
    expect(share.counts).toEqual({ running: 1, waiting: 0 });
    // Its share is free again: three more are taken, not refused.
    const next = Array.from({ length: MAX_DECODES_PER_VISITOR - 1 }, () => decodeFor(share, owner));
    await drain([first, ...next]);
    expect(hasStarted).toBe(false);
    for (const decode of next) {
      expect(await decode.state.settled).toBeUndefined();
    }
  });
});
