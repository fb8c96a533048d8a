import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../http/errors.ts';

/** Whose decode it is: the visitor (a player's address, a signed-in user) and the storyfile. */
export interface DecodeOwner {
  visitor: string;
  storyfileId: string;
}

/** Decodes one visitor may have running or waiting at once; one more is refused (429). */
export const MAX_DECODES_PER_VISITOR = 4;
/** Decodes one storyfile may have running or waiting at once, all its visitors together. */
export const MAX_DECODES_PER_STORYFILE = 16;

/** About one decode's time: when a refused one may be asked again. */
const RETRY_AFTER_SECONDS = 2;

export const SPEECH_VISITOR_BUSY_MESSAGE = `You have ${MAX_DECODES_PER_VISITOR} spoken questions being heard already. Wait for their answers, then ask again.`;
export const SPEECH_STORYFILE_BUSY_MESSAGE =
  'Too many spoken questions are being heard for this storyfile right now. Wait a moment and ask again, or type your question.';

/**
 * Whose share a request's decodes count against: a signed-in user's, else the client address's
 * (a public player's visitor cookie is the visitor's own to drop or forge; the address is not).
 */
export function decodeVisitorOf(request: FastifyRequest): string {
  const user = request.currentUser;
  return user?.isLoggedIn ? `user|${user.iam}` : `address|${request.ip}`;
}

interface Waiting {
  owner: DecodeOwner;
  order: number;
  start: () => void;
}

const increment = (counts: Map<string, number>, key: string, by: number) => {
  const count = (counts.get(key) ?? 0) + by;
  if (count === 0) {
    counts.delete(key);
  } else {
    counts.set(key, count);
  }
};

/**
 * The recognizer's slots (SPEECH_CONCURRENCY) shared fairly (issue 53: twenty streams from one
 * address pushed another visitor's 4-s question to 24 s). A free slot goes to the waiting decode
 * whose storyfile, then whose visitor, has the fewest decodes running, then the fewest asked, the
 * oldest first among equals: one visitor's many decodes take turns with everyone else's instead
 * of queuing ahead of them. Each visitor and each storyfile may have only so many running or waiting; past that a
 * decode is refused at once with a 429 that says why.
 */
export function createFairShare(concurrency: number) {
  let running = 0;
  let arrivals = 0;
  const waiting: Waiting[] = [];
  const inFlight = { visitor: new Map<string, number>(), storyfile: new Map<string, number>() };
  const runningOf = { visitor: new Map<string, number>(), storyfile: new Map<string, number>() };

  function begin(owner: DecodeOwner) {
    running += 1;
    increment(runningOf.visitor, owner.visitor, 1);
    increment(runningOf.storyfile, owner.storyfileId, 1);
  }

  function startNext() {
    if (running >= concurrency || waiting.length === 0) {
      return;
    }
    // Fewest running first, then fewest asked (running and waiting): storyfile, then visitor,
    // then the oldest.
    const rank = ({ owner, order }: Waiting) => [
      runningOf.storyfile.get(owner.storyfileId) ?? 0,
      inFlight.storyfile.get(owner.storyfileId) ?? 0,
      runningOf.visitor.get(owner.visitor) ?? 0,
      inFlight.visitor.get(owner.visitor) ?? 0,
      order,
    ];
    const isBefore = (first: number[], second: number[]) => {
      const index = first.findIndex((value, position) => value !== second[position]);
      return index !== -1 && first[index]! < second[index]!;
    };
    let best = 0;
    let bestRank = rank(waiting[0]!);
    for (let index = 1; index < waiting.length; index += 1) {
      const candidate = rank(waiting[index]!);
      if (isBefore(candidate, bestRank)) {
        best = index;
        bestRank = candidate;
      }
    }
    const [next] = waiting.splice(best, 1);
    begin(next!.owner);
    next!.start();
  }

  return {
    /**
     * Runs one decode in its fair turn; refuses it (429) when its visitor or storyfile has too
     * many. A decode whose `signal` aborts while it waits (a dropped speculative recognition, a
     * closed request) leaves the queue at once, so it holds no place in its visitor's share.
     */
    async run<T>(owner: DecodeOwner, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if ((inFlight.visitor.get(owner.visitor) ?? 0) >= MAX_DECODES_PER_VISITOR) {
        throw tooManyRequests(SPEECH_VISITOR_BUSY_MESSAGE, RETRY_AFTER_SECONDS);
      }
      if ((inFlight.storyfile.get(owner.storyfileId) ?? 0) >= MAX_DECODES_PER_STORYFILE) {
        throw tooManyRequests(SPEECH_STORYFILE_BUSY_MESSAGE, RETRY_AFTER_SECONDS);
      }
      increment(inFlight.visitor, owner.visitor, 1);
      increment(inFlight.storyfile, owner.storyfileId, 1);
      try {
        if (running < concurrency && waiting.length === 0) {
          begin(owner);
        } else {
          await new Promise<void>((start, drop) => {
            const entry: Waiting = {
              owner,
              order: (arrivals += 1),
              start: () => {
                signal?.removeEventListener('abort', leave);
                start();
              },
            };
            const dropped = () => new Error('The decode was dropped while it waited.');
            const leave = () => {
              waiting.splice(waiting.indexOf(entry), 1);
              drop(dropped());
            };
            if (signal?.aborted) {
              drop(dropped());
              return;
            }
            waiting.push(entry);
            signal?.addEventListener('abort', leave, { once: true });
          });
        }
        try {
          return await task();
        } finally {
          running -= 1;
          increment(runningOf.visitor, owner.visitor, -1);
          increment(runningOf.storyfile, owner.storyfileId, -1);
          startNext();
        }
      } finally {
        increment(inFlight.visitor, owner.visitor, -1);
        increment(inFlight.storyfile, owner.storyfileId, -1);
      }
    },
    /** Decodes running and waiting (tests and metrics). */
    get counts() {
      return { running, waiting: waiting.length };
    },
  };
}
