import { describe, expect, it } from 'vitest';
import { compileInkSource } from '@conversa/contracts/ink/compile-ink';
import { continueInkTurn, loadInkStory } from '@conversa/contracts/ink/run-ink';
import { EMPTY_PLAY_SCRIPT, replayStory } from './playthrough';

const SOURCE = `VAR mood = "calm"
Hello. # clip: intro
* [Childhood] -> childhood
* [Career] -> career
== childhood
~ mood = "warm"
By the sea.
* [More] Still more.
  -> END
== career
= first
A bakery.
-> END
`;

function compile(source: string) {
  const { compiledJson } = compileInkSource(source, []);
  if (!compiledJson) {
    throw new Error('did not compile');
  }
  return compiledJson;
}

describe('replayStory', () => {
  it('replays the choices taken, with tags and watched variables', () => {
    const played = replayStory(compile(SOURCE), { ...EMPTY_PLAY_SCRIPT, choices: [0] }, ['mood']);
    expect(played.turns).toEqual([
      { choiceText: null, lines: [{ text: 'Hello.', tags: ['clip: intro'] }] },
      { choiceText: 'Childhood', lines: [{ text: 'By the sea.', tags: [] }] },
    ]);
    expect(played.choices.map((choice) => choice.text)).toEqual(['More']);
    expect(played.variables).toEqual([{ name: 'mood', value: 'warm' }]);
  });

  it('stops replaying where an edit removed the choice', () => {
    const edited = compile(SOURCE.replace('* [More] Still more.\n  -> END', '-> END'));
    const played = replayStory(edited, { ...EMPTY_PLAY_SCRIPT, choices: [0, 0] }, []);
    expect(played.replayedChoices).toEqual([0]);
    expect(played.hasEnded).toBe(true);
  });

  it('plays from any knot or stitch', () => {
    const played = replayStory(
      compile(SOURCE),
      { ...EMPTY_PLAY_SCRIPT, startPath: 'career.first' },
      [],
    );
    expect(played.turns[0]!.lines).toEqual([{ text: 'A bakery.', tags: [] }]);
    expect(played.hasEnded).toBe(true);
  });

  it('reports an unknown path as an error instead of throwing', () => {
    const played = replayStory(compile(SOURCE), { ...EMPTY_PLAY_SCRIPT, startPath: 'nowhere' }, []);
    expect(played.errors.length).toBeGreaterThan(0);
  });

  it('starts from a saved state with the text the visitor last saw, its choices and variables', () => {
    const compiledJson = compile(SOURCE);
    const loaded = loadInkStory(compiledJson);
    continueInkTurn(loaded);
    loaded.story.ChooseChoiceIndex(0);
    continueInkTurn(loaded);
    const stateJson = loaded.story.state.toJson();
    const played = replayStory(
      compiledJson,
      { startPath: null, startStateJson: stateJson, choices: [] },
      ['mood'],
    );
    expect(played.turns).toEqual([
      { choiceText: null, lines: [{ text: 'By the sea.', tags: [] }] },
    ]);
    expect(played.choices.map((choice) => choice.text)).toEqual(['More']);
    expect(played.variables).toEqual([{ name: 'mood', value: 'warm' }]);
  });
});
