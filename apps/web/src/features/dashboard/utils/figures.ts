const PERCENT_FORMAT = new Intl.NumberFormat('en-US', {
  style: 'percent',
  maximumFractionDigits: 1,
});

/** A share (0 to 1) as a US percentage with at most one decimal; `—` when there is none. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : PERCENT_FORMAT.format(share);
}

/** The chat logs filtered to fallbacks: where "See every fallback" leads. */
export const FALLBACK_CHAT_LOGS_URL = '/training/chat_logs?decision=fallback';

/**
 * The chat logs of one fallen-back question: the server finds its exchanges by the folding the
 * figures grouped them by, so the list holds exactly the ones counted.
 */
export function getFallbackQuestionUrl(questionText: string): string {
  return `${FALLBACK_CHAT_LOGS_URL}&${new URLSearchParams({ question: questionText }).toString()}`;
}
