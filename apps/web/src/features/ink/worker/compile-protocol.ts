import type { InkCompileMessage, InkOutlineEntry, InkStoryStats } from '@conversa/contracts';

export interface CompileRequest {
  id: number;
  source: string;
  questions: { id: string; text: string; isRecorded: boolean }[];
}

export interface CompileResponse {
  id: number;
  result: {
    compiledJson: string | null;
    messages: InkCompileMessage[];
    stats: InkStoryStats;
    /** Read here too, off the page's thread: they cost time in proportion to the source. */
    outline: InkOutlineEntry[];
    variableNames: string[];
  };
  milliseconds: number;
}
