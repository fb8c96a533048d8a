import {
  continueInkTurn,
  loadInkStory,
  readInkVariable,
  type InkChoiceOption,
  type InkLine,
} from '@conversa/contracts/ink/run-ink';

/** What the author did in the player: where it started and the choices taken since. */
export interface PlayScript {
  /** A knot or `knot.stitch` to start at (ChoosePathString); null for the top of the story. */
  startPath: string | null;
  /** A saved ink state to start from (forked from a conversation); wins over `startPath`. */
  startStateJson: string | null;
  choices: number[];
}

export const EMPTY_PLAY_SCRIPT: PlayScript = { startPath: null, startStateJson: null, choices: [] };

export interface PlayedTurn {
  /** The choice that led here (null for the first turn). */
  choiceText: string | null;
  lines: InkLine[];
}

export interface Playthrough {
  turns: PlayedTurn[];
  choices: InkChoiceOption[];
  hasEnded: boolean;
  /** Choices of the script that could still be taken (fewer after an edit removed one). */
  replayedChoices: number[];
  variables: { name: string; value: string | undefined }[];
  errors: string[];
  currentPath: string | null;
}

/**
 * Plays a compiled story along a script: start, then each choice in turn, as Inky replays the
 * choices made so far after every recompile. A choice that no longer exists ends the replay there.
 */
export function replayStory(
  compiledJson: string,
  script: PlayScript,
  watch: readonly string[],
): Playthrough {
  const loaded = loadInkStory(compiledJson);
  const { story } = loaded;
  const errors: string[] = [];
  try {
    if (script.startStateJson) {
      story.state.LoadJson(script.startStateJson);
    } else if (script.startPath) {
      story.ChoosePathString(script.startPath);
    }
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  const turns: PlayedTurn[] = [];
  const replayedChoices: number[] = [];
  let output = continueInkTurn(loaded);
  // A saved state sits after its turn's text: show what the visitor last saw, not nothing.
  const lastSeen =
    script.startStateJson && output.lines.length === 0 && errors.length === 0
      ? (story.currentText ?? '')
          .split('\n')
          .map((text) => text.trim())
          .filter(Boolean)
          .map((text) => ({ text, tags: [] }))
      : [];
  turns.push({ choiceText: null, lines: [...lastSeen, ...output.lines] });
  errors.push(...output.errors);
  for (const index of script.choices) {
    const choice = output.choices.find((option) => option.index === index);
    if (!choice || errors.length > 0) {
      break;
    }
    try {
      story.ChooseChoiceIndex(index);
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      break;
    }
    replayedChoices.push(index);
    output = continueInkTurn(loaded);
    turns.push({ choiceText: choice.text, lines: output.lines });
    errors.push(...output.errors);
  }
  return {
    turns,
    choices: errors.length > 0 ? [] : output.choices,
    hasEnded: output.hasEnded,
    replayedChoices,
    variables: watch.map((name) => ({ name, value: readInkVariable(story, name) })),
    errors,
    currentPath: story.state.currentPathString,
  };
}
