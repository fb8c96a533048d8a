export interface Verdict {
  ok: boolean;
  passed: number;
  failed: number;
  problems: string[];
  /** What failed, named (`file › test: first line of its message`), at most 20. */
  failures: string[];
}
export function judgeVitest(status: number, report: unknown): Verdict;
export function judgePlaywright(status: number, report: unknown): Verdict;
