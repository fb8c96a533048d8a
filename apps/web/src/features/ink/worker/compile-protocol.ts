import type { InkCompileMessage, InkStoryStats } from '@conversa/contracts';

export interface CompileRequest {
  id: number;
  source: string;
  questions: { id: string; text: string; isRecorded: boolean }[];
}

export interface CompileResponse {
  id: number;
  result: { compiledJson: string | null; messages: InkCompileMessage[]; stats: InkStoryStats };
  milliseconds: number;
}
