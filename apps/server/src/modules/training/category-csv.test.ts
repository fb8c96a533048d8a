import { describe, expect, it } from 'vitest';
import {
  CATEGORY_CSV_NOTHING_IMPORTED,
  describeAppliedEffect,
  type CategoryCsv,
  type CategoryImportPreview,
  type CategoryPage,
  type ImportedCategories,
} from '@conversa/contracts';
import { buildMember, buildNamespace } from '../../../test/storyfile.fixtures.ts';
import { seedStoryfileWithAnswers } from '../../../test/conversation.fixtures.ts';
import {
  studio,
  editor,
  outsider,
  eastId,
  MOVIE,
  MOTION_PICTURE_QUESTION,
  ask,
  setUpInsightsStudio,
} from '../../../test/insights.fixtures.ts';

setUpInsightsStudio();

describe('custom categories as CSV', () => {
  const exportPath = (namespaceId: string) =>
    `/v1/conversa/training/categories/export?namespaceId=${namespaceId}`;
  const importPath = '/v1/conversa/training/categories/import';

  it('imports all rows or none, naming each bad row, and exports what it imported', async () => {
    const namespaceId = await buildNamespace(studio, 'csv');
    const owner = await buildMember(studio, 'owner@csv.test', { csv: 'owner:ns' });
    const csvReader = await buildMember(studio, 'reader@csv.test', { csv: 'read:ns' });
    const storyfile = await seedStoryfileWithAnswers(studio, owner, namespaceId);

    const bad = [
      'name,phrases,storyfile',
      'Cinema,movie|film|"motion picture"',
      ',a|b,',
      'Lonely,only one,',
      `Mine,mine|my own,No such storyfile`,
      'Cinema,flick|pictures,',
    ].join('\n');
    const refused = await owner.post<{ message: string }>(importPath, { namespaceId, csv: bad });
    expect(refused.status).toBe(400);
    expect(refused.body.message.split('\n')).toEqual([
      CATEGORY_CSV_NOTHING_IMPORTED,
      'Row 3: Enter a name.',
      'Row 4: A category needs at least two phrases: the words it makes interchangeable.',
      'Row 5: no storyfile named "No such storyfile" in this namespace.',
      'Row 6: the category "Cinema" is also on row 2.',
    ]);
    const none = await owner.expectStatus<CategoryPage>(
      200,
      'GET',
      `/v1/conversa/training/categories?namespaceId=${namespaceId}`,
    );
    expect(none.total).toBe(0);

    // "motion picture" is in no phrasing of the script: without the category it falls back.
    const before = await ask(owner, storyfile.id, MOTION_PICTURE_QUESTION);
    expect(before.decision).toEqual({ kind: 'fallback', reason: 'off-topic' });

    const good = [
      'Name,Phrases,Storyfile',
      'Cinema,movie|film|motion picture,',
      `Pets,dog|puppy,${storyfile.name}`,
      '',
    ].join('\r\n');
    expect((await csvReader.post(importPath, { namespaceId, csv: good })).status).toBe(403);
    const imported = await owner.expectStatus<ImportedCategories>(200, 'POST', importPath, {
      namespaceId,
      csv: good,
    });
    expect([imported.created, imported.updated]).toEqual([2, 0]);
    // Issue 28: the import says what it did to past questions, as a single category's save does:
    // the motion-picture question that fell back is answered now.
    expect(imported.effect.storyfiles.map((entry) => entry.storyfileId)).toEqual([storyfile.id]);
    expect(
      imported.effect.storyfiles[0]!.preview.moves.find(
        (move) => move.questionText === MOTION_PICTURE_QUESTION,
      ),
    ).toMatchObject({
      before: { questionId: null },
      after: { questionId: storyfile.questions[MOVIE] },
    });
    // The imported category folds at once: "motion picture" now reads as "movie", the movie
    // answer's own phrasing.
    const matched = await ask(owner, storyfile.id, MOTION_PICTURE_QUESTION);
    expect(matched.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });
    expect(matched.confidence).toBe('exact');

    // A second import replaces a category of the same name and scope.
    const replacing = await owner.expectStatus<ImportedCategories>(200, 'POST', importPath, {
      namespaceId,
      csv: 'name,phrases\ncinema,movie|film|talkie',
    });
    expect([replacing.created, replacing.updated]).toEqual([0, 1]);
    // ...and says which past question loses its answer through it, the one the first answered.
    const [reached] = replacing.effect.storyfiles;
    expect(
      reached!.preview.moves.find((move) => move.questionText === MOTION_PICTURE_QUESTION),
    ).toMatchObject({
      before: { questionId: storyfile.questions[MOVIE] },
      after: { questionId: null },
    });
    expect(reached!.preview.toFallback).toBeGreaterThanOrEqual(1);
    expect(describeAppliedEffect(replacing.effect)).toMatch(
      /past questions? now falls? back instead of being answered\./,
    );
    // The replaced phrases fold at once too: "motion picture" is no longer one of them.
    const replaced = await ask(owner, storyfile.id, MOTION_PICTURE_QUESTION);
    expect(replaced.decision).toEqual({ kind: 'fallback', reason: 'off-topic' });

    const exported = await csvReader.expectStatus<CategoryCsv>(200, 'GET', exportPath(namespaceId));
    expect(exported.count).toBe(2);
    expect(exported.csv.split('\r\n')).toEqual([
      'name,phrases,storyfile',
      'Cinema,movie|film|talkie,',
      `Pets,dog|puppy,${storyfile.name}`,
    ]);
    expect((await outsider.get(exportPath(namespaceId))).status).toBe(404);
  });

  it('previews what an import would change, row by row and on past questions, writing nothing', async () => {
    const previewPath = '/v1/conversa/training/categories/import/preview';
    const namespaceId = await buildNamespace(studio, 'csv-preview');
    const owner = await buildMember(studio, 'owner@csv-preview.test', {
      'csv-preview': 'owner:ns',
    });
    const viewer = await buildMember(studio, 'reader@csv-preview.test', {
      'csv-preview': 'read:ns',
    });
    const storyfile = await seedStoryfileWithAnswers(studio, owner, namespaceId);
    await owner.expectStatus<ImportedCategories>(200, 'POST', importPath, {
      namespaceId,
      csv: 'name,phrases\nCinema,movie|film',
    });
    await ask(owner, storyfile.id, MOTION_PICTURE_QUESTION);
    const csv = [
      'name,phrases,storyfile',
      'cinema,movie|film|motion picture,',
      `Pets,dog|puppy,${storyfile.name}`,
    ].join('\n');

    expect((await viewer.post(previewPath, { namespaceId, csv })).status).toBe(403);
    const preview = await owner.expectStatus<CategoryImportPreview>(200, 'POST', previewPath, {
      namespaceId,
      csv,
    });
    expect(preview).toMatchObject({
      created: 1,
      updated: 1,
      rows: [
        {
          row: 2,
          name: 'cinema',
          storyfileName: null,
          action: 'replace',
          phrases: ['movie', 'film', 'motion picture'],
          previousPhrases: ['movie', 'film'],
        },
        {
          row: 3,
          name: 'Pets',
          storyfileName: storyfile.name,
          action: 'create',
          phrases: ['dog', 'puppy'],
          previousPhrases: null,
        },
      ],
    });
    // The past question that fell back would be answered: the same effect the import reports.
    expect(
      preview.effect.storyfiles[0]!.preview.moves.find(
        (move) => move.questionText === MOTION_PICTURE_QUESTION,
      ),
    ).toMatchObject({
      before: { questionId: null },
      after: { questionId: storyfile.questions[MOVIE] },
    });

    // Nothing was written: the category keeps its phrases and the question still falls back.
    const page = await owner.expectStatus<CategoryPage>(
      200,
      'GET',
      `/v1/conversa/training/categories?namespaceId=${namespaceId}`,
    );
    expect(page.total).toBe(1);
    expect((await ask(owner, storyfile.id, MOTION_PICTURE_QUESTION)).decision).toEqual({
      kind: 'fallback',
      reason: 'off-topic',
    });
    // A bad file is refused as the import refuses it.
    const refused = await owner.post<{ message: string }>(previewPath, {
      namespaceId,
      csv: 'name,phrases\nLonely,only one',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message.split('\n')).toEqual([
      CATEGORY_CSV_NOTHING_IMPORTED,
      'Row 2: A category needs at least two phrases: the words it makes interchangeable.',
    ]);
  });

  it('refuses a file without the named columns', async () => {
    const refused = await editor.post<{ message: string }>(importPath, {
      namespaceId: eastId,
      csv: 'a,b\n1,2',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(CATEGORY_CSV_NOTHING_IMPORTED);
    expect(refused.body.message).toContain('name and phrases are missing');
  });
});
