/**
 * Running a compiled ink story one turn at a time, the same way in the editor's player and in the
 * server's conversations. Not exported from the package index (it loads inkjs's runtime); import
 * `@conversa/contracts/ink/run-ink`.
 */
import { Story } from 'inkjs';
import type { ErrorType } from 'inkjs/engine/Error';

/** inkjs's ErrorType.Warning (the enum is not exported from the package's entry). */
const INK_WARNING = 1 as ErrorType;

export interface InkLine {
  text: string;
  tags: string[];
}

export interface InkChoiceOption {
  index: number;
  text: string;
  tags: string[];
}

export interface InkTurnOutput {
  lines: InkLine[];
  choices: InkChoiceOption[];
  /** No choices and nothing left to continue: the story is over. */
  hasEnded: boolean;
  /** Runtime errors and warnings the story raised during the turn. */
  errors: string[];
  warnings: string[];
}

/** Continue() far enough to bound a story that loops without choices. */
const MAX_LINES_PER_TURN = 500;

/** Loads a compiled story; runtime errors are collected rather than thrown. */
export function loadInkStory(compiledJson: string): {
  story: Story;
  errors: string[];
  warnings: string[];
} {
  const story = new Story(compiledJson);
  const errors: string[] = [];
  const warnings: string[] = [];
  story.onError = (message, type) => {
    // ErrorType.Warning = 1; Author = 0 never reaches the runtime.
    (type === INK_WARNING ? warnings : errors).push(message);
  };
  return { story, errors, warnings };
}

/** Runs the story until it waits for a choice (or ends), collecting its lines with their tags. */
export function continueInkTurn(loaded: {
  story: Story;
  errors: string[];
  warnings: string[];
}): InkTurnOutput {
  const { story } = loaded;
  const lines: InkLine[] = [];
  while (story.canContinue && lines.length < MAX_LINES_PER_TURN && loaded.errors.length === 0) {
    const text = story.Continue() ?? '';
    lines.push({ text: text.trim(), tags: story.currentTags ?? [] });
  }
  if (lines.length >= MAX_LINES_PER_TURN && story.canContinue) {
    loaded.errors.push(`The story went on for ${MAX_LINES_PER_TURN} lines without a choice.`);
  }
  const choices = story.currentChoices.map((choice) => ({
    index: choice.index,
    text: choice.text,
    tags: choice.tags ?? [],
  }));
  const output: InkTurnOutput = {
    lines: lines.filter((line) => line.text !== '' || line.tags.length > 0),
    choices,
    hasEnded: choices.length === 0 && !story.canContinue,
    errors: [...loaded.errors],
    warnings: [...loaded.warnings],
  };
  loaded.errors.length = 0;
  loaded.warnings.length = 0;
  return output;
}

/** Names declared with `VAR` in a source, in order: the editor's default watch list. */
export function findInkVariableNames(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/^\s*VAR\s+([A-Za-z_]\w*)/gm)) {
    if (!names.includes(match[1]!)) {
      names.push(match[1]!);
    }
  }
  return names;
}

/** A variable's value for display; undefined when the story has no such variable. */
export function readInkVariable(story: Story, name: string): string | undefined {
  const value: unknown = story.variablesState.$(name);
  if (value === undefined || value === null) {
    return undefined;
  }
  // An ink list (InkList) says its items through its own toString.
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return (value as { toString(): string }).toString();
}

export interface InkVariableReading {
  name: string;
  /** As ink would print it. */
  value: string;
  /** Differs from the value the story starts with. */
  isChanged: boolean;
}

/**
 * Every global variable of the story (not only those a saved state holds: ink saves just the
 * ones that differ from their starting values), in declaration order, the changed ones marked.
 */
export function listInkVariables(story: Story): InkVariableReading[] {
  const { variablesState } = story;
  return Object.keys(variablesState).map((name) => {
    const initial = variablesState.TryGetDefaultVariableValue(name);
    return {
      name,
      value: readInkVariable(story, name) ?? 'null',
      isChanged: !variablesState.RuntimeObjectsEqual(
        variablesState.GetVariableWithName(name),
        initial,
      ),
    };
  });
}

/** The compiler's container of global declarations: not a knot of the author's. */
const GLOBAL_DECLARATIONS = 'global decl';

/**
 * How often each knot and stitch was visited, by the path an author writes (`knot`,
 * `knot.stitch`), in story order, unvisited ones at 0; ink's inner containers (gathers, choices,
 * weave indices) are left out.
 */
export function listInkVisitCounts(story: Story): { path: string; count: number }[] {
  return listInkPlaces(story).map((path) => ({
    path,
    count: story.state.VisitCountAtPathString(path) ?? 0,
  }));
}

/** The story's knots and stitches (`knot`, `knot.stitch`) in story order: where it may start. */
export function listInkPlaces(story: Story): string[] {
  const places: string[] = [];
  for (const [knot, knotContent] of story.mainContentContainer.namedContent) {
    if (knot === GLOBAL_DECLARATIONS) {
      continue;
    }
    places.push(knot);
    const stitches = (knotContent as { namedContent?: Map<string, unknown> }).namedContent;
    for (const stitch of stitches?.keys() ?? []) {
      places.push(`${knot}.${stitch}`);
    }
  }
  return places;
}

/**
 * Loads a saved state into a (possibly newer) compiled story and says whether it still fits: the
 * state loads, and every open choice leads to content that exists exactly where it pointed (not
 * an approximation). A state saved under the same version always fits.
 */
export function tryLoadInkState(
  loaded: { story: Story },
  stateJson: string,
): { isCompatible: true } | { isCompatible: false; reason: string } {
  const { story } = loaded;
  try {
    story.state.LoadJson(stateJson);
    for (const choice of story.currentChoices) {
      const target = choice.targetPath;
      const found = target ? story.ContentAtPath(target) : null;
      if (!found?.obj || found.approximate) {
        return { isCompatible: false, reason: `the choice "${choice.text}" leads nowhere` };
      }
    }
    if (story.currentChoices.length === 0 && !story.canContinue && story.state.currentPathString) {
      return { isCompatible: false, reason: 'its place in the story is gone' };
    }
    return { isCompatible: true };
  } catch (error) {
    return { isCompatible: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** The ink save format version a state JSON was written with (`inkSaveVersion`), or null. */
export function readInkSaveVersion(stateJson: string): number | null {
  try {
    const parsed = JSON.parse(stateJson) as { inkSaveVersion?: unknown };
    return typeof parsed.inkSaveVersion === 'number' ? parsed.inkSaveVersion : null;
  } catch {
    return null;
  }
}
