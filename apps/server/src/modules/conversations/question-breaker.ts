// Issue 67, item 2: a sentence model starved of CPU (load average 8-11 on 2 cores) answered no
// question within QUESTION_VECTOR_WAIT_MS for many minutes, and every ask waited those 2 s before
// it was answered by words, while /healthz said "ready". After `tripAfter` questions in a row miss the
// bound, visitors' questions stop waiting: they are answered by words at once, and one question at
// a time is still sent to the model in the background; the first that comes back in time closes
// the breaker, and questions wait for their vectors again.

/** Questions in a row whose vector missed the bound before asks stop waiting for the model. */
export const SLOW_QUESTIONS_TO_TRIP = 3;

export interface DegradedReport {
  /** When asks stopped waiting (ISO 8601). */
  since: string;
  /** Questions that missed the bound since then, the ones that tripped it included. */
  slowQuestions: number;
}

export interface QuestionBreaker {
  /** Whether asks answer by words at once rather than wait for their question's vector. */
  isOpen(): boolean;
  /** A question's vector came within the bound. */
  noteInTime(): void;
  /** A question's vector did not come within the bound. */
  noteSlow(): void;
  /**
   * While open: runs `embed` unless a probe is already in flight; if it settles within the bound,
   * the breaker closes. Never waits.
   */
  probe(embed: () => Promise<unknown>): void;
  /** Null while asks wait for the model as usual. */
  report(): DegradedReport | null;
  /** Questions that missed the bound since the process started (for /metrics). */
  slowQuestionsTotal(): number;
}

export function createQuestionBreaker(options: {
  waitMs: number;
  tripAfter?: number;
  onOpen?: (slowInRow: number) => void;
  onClose?: (degraded: DegradedReport) => void;
  now?: () => number;
}): QuestionBreaker {
  const tripAfter = options.tripAfter ?? SLOW_QUESTIONS_TO_TRIP;
  const now = options.now ?? Date.now;
  let slowInRow = 0;
  let slowTotal = 0;
  let degraded: DegradedReport | null = null;
  let isProbing = false;

  function close(): void {
    slowInRow = 0;
    if (degraded) {
      const was = degraded;
      degraded = null;
      options.onClose?.(was);
    }
  }

  return {
    isOpen: () => degraded !== null,
    noteInTime: close,
    noteSlow() {
      slowTotal += 1;
      slowInRow += 1;
      if (degraded) {
        degraded.slowQuestions += 1;
      } else if (slowInRow >= tripAfter) {
        degraded = { since: new Date(now()).toISOString(), slowQuestions: slowInRow };
        options.onOpen?.(slowInRow);
      }
    },
    probe(embed) {
      if (!degraded || isProbing) {
        return;
      }
      isProbing = true;
      const started = now();
      embed()
        .then(
          () => {
            if (now() - started <= options.waitMs) {
              close();
            } else if (degraded) {
              slowTotal += 1;
              degraded.slowQuestions += 1;
            }
          },
          () => undefined,
        )
        .finally(() => {
          isProbing = false;
        });
    },
    report: () => (degraded ? { ...degraded } : null),
    slowQuestionsTotal: () => slowTotal,
  };
}
