import { readFileSync } from 'node:fs';

/** One intent of a benchmark file: stands for one recorded answer and its phrasings. */
export interface IntentDefinition {
  id: string;
  examples: string[];
}

/** One labelled question; `intent: null` means the fallback is the right outcome. */
export interface EvalItem {
  text: string;
  intent: string | null;
}

export interface TrainFile {
  name: string;
  intents: IntentDefinition[];
  val: EvalItem[];
}

export type Split = 'val' | 'test';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readJson(path: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isRecord(parsed)) {
    throw new Error(`${path}: expected a JSON object`);
  }
  return parsed;
}

function parseItems(value: unknown, where: string): EvalItem[] {
  if (!Array.isArray(value)) {
    throw new Error(`${where}: expected an array of {text, intent}`);
  }
  return value.map((item: unknown, index) => {
    if (
      !isRecord(item) ||
      typeof item.text !== 'string' ||
      !(typeof item.intent === 'string' || item.intent === null)
    ) {
      throw new Error(`${where}[${index}]: expected {text: string, intent: string | null}`);
    }
    return { text: item.text, intent: item.intent };
  });
}

/** Reads a training file in the shared benchmark format (intents plus their `val` items). */
export function readTrainFile(path: string): TrainFile {
  const json = readJson(path);
  if (!Array.isArray(json.intents)) {
    throw new Error(`${path}: expected "intents" to be an array`);
  }
  const intents = json.intents.map((intent: unknown, index) => {
    if (
      !isRecord(intent) ||
      typeof intent.id !== 'string' ||
      !Array.isArray(intent.examples) ||
      !intent.examples.every((example) => typeof example === 'string')
    ) {
      throw new Error(`${path}: intents[${index}] must be {id: string, examples: string[]}`);
    }
    return { id: intent.id, examples: intent.examples };
  });
  const val = json.val === undefined ? [] : parseItems(json.val, `${path}: val`);
  return { name: typeof json.name === 'string' ? json.name : path, intents, val };
}

/** Reads the evaluation items stored under the key named by the split. */
export function readEvalItems(path: string, split: Split): EvalItem[] {
  const json = readJson(path);
  if (json[split] === undefined) {
    throw new Error(`${path}: has no "${split}" items`);
  }
  return parseItems(json[split], `${path}: ${split}`);
}
