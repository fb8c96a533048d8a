/** What the ink compiler said about a source, as the editor lists it and the server stores it. */
export const INK_MESSAGE_SEVERITIES = ['error', 'warning', 'todo'] as const;
export type InkMessageSeverity = (typeof INK_MESSAGE_SEVERITIES)[number];

export interface InkCompileMessage {
  severity: InkMessageSeverity;
  /** One-based source line; null when the compiler named none. */
  line: number | null;
  message: string;
}

const PREFIXES: Readonly<Record<string, InkMessageSeverity>> = {
  ERROR: 'error',
  'RUNTIME ERROR': 'error',
  WARNING: 'warning',
  'RUNTIME WARNING': 'warning',
  TODO: 'todo',
};

/**
 * Reads one message of inkjs's compiler: `ERROR: line 4: Divert target not found`, `WARNING:
 * 'main.ink' line 12: …`, `TODO: line 2: fix this`, or a message with no line at all (some carry
 * none: "Compilation failed.", errors of the whole story). `fallback` is the severity when the
 * text has no known prefix (inkjs also passes it as the handler's type).
 */
export function parseInkCompilerMessage(
  raw: string,
  fallback: InkMessageSeverity = 'error',
): InkCompileMessage {
  let rest = raw.trim();
  let severity = fallback;
  const prefix = /^(RUNTIME ERROR|RUNTIME WARNING|ERROR|WARNING|TODO)\s*:\s*/i.exec(rest);
  if (prefix) {
    severity = PREFIXES[prefix[1]!.toUpperCase()]!;
    rest = rest.slice(prefix[0].length);
  }
  const located = /^(?:'[^']*'\s+)?line\s+(\d+)\s*:\s*/i.exec(rest);
  if (located) {
    return { severity, line: Number(located[1]), message: rest.slice(located[0].length) };
  }
  return { severity, line: null, message: rest };
}

/** Errors first, then warnings and TODOs, each by line (messages without one last). */
export function sortInkMessages(messages: readonly InkCompileMessage[]): InkCompileMessage[] {
  const rank: Record<InkMessageSeverity, number> = { error: 0, warning: 1, todo: 2 };
  return [...messages].sort(
    (a, b) =>
      rank[a.severity] - rank[b.severity] ||
      (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER),
  );
}
