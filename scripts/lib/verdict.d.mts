export interface Verdict {
  ok: boolean;
  passed: number;
  failed: number;
  problems: string[];
}
export function judgeVitest(status: number, report: unknown): Verdict;
export function judgePlaywright(status: number, report: unknown): Verdict;
