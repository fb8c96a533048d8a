import type { InkCompileMessage, InkOutlineEntry, InkStoryStats } from '@conversa/contracts';
import type { Playthrough, PlayScript } from '../utils/playthrough';

/** Compile a source (the editor's document once typing pauses). */
export interface CompileRequest {
  kind: 'compile';
  id: number;
  source: string;
  questions: { id: string; text: string; isRecorded: boolean }[];
}

export interface CompileResponse {
  kind: 'compile';
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

/**
 * Play a compiled story along the player's script (its JSON is parsed and the choices replayed
 * here, off the page's thread: for a 100 KB story that is a long task after every compile).
 */
export interface PlayRequest {
  kind: 'play';
  id: number;
  compiledJson: string;
  script: PlayScript;
  watch: string[];
}

export interface PlayResponse {
  kind: 'play';
  id: number;
  played: Playthrough;
}

export type InkWorkerRequest = CompileRequest | PlayRequest;
export type InkWorkerResponse = CompileResponse | PlayResponse;
