// bench:ink-editor's data (bench/ink-editor.ts): an ink story of about 100 KB that compiles.

/**
 * An ink story of about `bytes` characters: knots of a few paragraphs, each with stitches,
 * variables and choices that divert on, so it compiles without errors.
 */
export function buildLargeInkStory(bytes: number): string {
  const paragraph =
    'The wind came over the hill and the author wrote it down, word after word, as people do when a story asks for it.';
  const parts = [
    'VAR trust = 0',
    'VAR visited_market = false',
    'Hello! # clip: intro',
    '-> knot_0',
    '',
  ];
  let knot = 0;
  while (parts.join('\n').length < bytes) {
    const next = `knot_${knot + 1}`;
    parts.push(
      `== knot_${knot}`,
      `${paragraph} {trust > 2: You trust me.}`,
      paragraph,
      `* [Go on to ${next}] -> ${next}`,
      `* [Look around ${knot}] -> knot_${knot}.around`,
      `= around`,
      `~ trust = trust + 1`,
      paragraph,
      `-> ${next}`,
      '',
    );
    knot += 1;
  }
  parts.push(`== knot_${knot}`, 'The end.', '-> END', '');
  return parts.join('\n');
}
