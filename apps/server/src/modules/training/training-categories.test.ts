import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CATEGORY_NOT_FOUND_MESSAGE,
  type CategoryPage,
  type SavedCategory,
  type CustomWord,
} from '@conversa/contracts';
import { createConversationEngine, getStoryfileMatcher } from '../conversations/index.ts';
import { ignoredQuestions } from './ignored-questions.ts';
import { storyfileVocabulary } from './storyfile-vocabulary.ts';
import {
  seedStoryfileWithAnswers,
  UNRECORDED_QUESTION,
} from '../../../test/conversation.fixtures.ts';
import { seedOwnedStoryfile } from '../../../test/ask.fixtures.ts';
import {
  studio,
  owner,
  editor,
  reader,
  outsider,
  southEditor,
  northId,
  MOVIE,
  EDIT_REFUSAL,
  OFF_TOPIC,
  ask,
  setUpTrainingStudio,
} from '../../../test/training.fixtures.ts';

setUpTrainingStudio();

describe('custom categories', () => {
  const path = '/v1/conversa/training/categories';

  it('validates, warns on a phrase in two categories, counts usage, and makes the matcher fold synonyms at once', async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    // "pictures" is in no phrasing: before the category, this question has little to go on.
    const before = await ask(editor, storyfile.id, 'What are your favourite pictures?');
    expect(
      await editor.post(path, { namespaceId: northId, name: 'Empty', phrases: ['movie', ' '] }),
    ).toMatchObject({
      status: 400,
      body: { message: 'A phrase cannot be empty.' },
    });
    expect(
      (
        await reader.post(path, {
          namespaceId: northId,
          name: 'Cinema',
          phrases: ['movie', 'pictures'],
        })
      ).status,
    ).toBe(403);
    const created = await editor.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId: northId,
      name: `Cinema ${storyfile.id.slice(0, 6)}`,
      phrases: ['movie', 'pictures', 'motion picture'],
    });
    expect(created.warnings).toEqual([]);
    expect(created.category.usedByAnswers).toBeGreaterThanOrEqual(1);
    expect(created.category.foldedQuestions).toBeGreaterThanOrEqual(1);
    const after = await ask(editor, storyfile.id, 'What are your favourite pictures?');
    expect(after.decision).toEqual({ kind: 'answer', questionId: storyfile.questions[MOVIE] });
    expect(after.score!).toBeGreaterThan(before.candidates[0]?.score ?? 0);
    expect(after.candidates[0]!.matchedTerms).toContain(`#${created.category.name}`);

    const overlapping = await editor.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId: northId,
      name: `Films ${storyfile.id.slice(0, 6)}`,
      phrases: ['movie', 'flick'],
    });
    expect(overlapping.warnings).toEqual([
      { phrase: 'movie', otherCategory: created.category.name },
    ]);
    expect(
      await editor.post(path, {
        namespaceId: northId,
        name: created.category.name,
        phrases: ['a', 'b'],
      }),
    ).toMatchObject({ status: 409 });

    const page = await reader.expectStatus<CategoryPage>(
      200,
      'GET',
      `${path}?namespaceId=${northId}&search=${encodeURIComponent('flick')}`,
    );
    expect(page.items.map((item) => item.name)).toEqual([overlapping.category.name]);
    expect((await outsider.get(`${path}?namespaceId=${northId}`)).status).toBe(404);

    await editor.expectStatus(200, 'DELETE', `${path}/${created.category.id}`);
    await editor.expectStatus(200, 'DELETE', `${path}/${overlapping.category.id}`);
    const gone = await ask(editor, storyfile.id, 'What are your favourite pictures?');
    expect(gone.candidates[0]?.matchedTerms ?? []).not.toContain(`#${created.category.name}`);
  });
  it('counts usage exactly: whole words and phrases, once a question, in its scope, over 30 days', async () => {
    const {
      namespaceId,
      owner: usageOwner,
      storyfile: first,
    } = await seedOwnedStoryfile(studio, 'usage');
    const [second, gone] = [
      await seedStoryfileWithAnswers(studio, usageOwner, namespaceId),
      await seedStoryfileWithAnswers(studio, usageOwner, namespaceId),
    ];
    // An accented alternate: "Café" is the word "cafe" once folded, as the matcher folds it.
    await studio.database.db.execute(sql`update storyfile_questions
      set alternates = array['Do you like the Café on the corner?']
      where id = ${first.questions[UNRECORDED_QUESTION]}`);
    await usageOwner.expectStatus(200, 'DELETE', `/v1/conversa/storyfiles/${gone.id}`);
    const created = await usageOwner.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId,
      name: 'Screen',
      phrases: ['movie', 'film', 'cafe'],
    });
    // The movie question of both live storyfiles (its "movie" and its alternate's "film" count
    // once), and the first one's pets question by its alternate; none of the deleted storyfile.
    expect(created.category).toMatchObject({ usedByAnswers: 3, foldedQuestions: 0 });
    const own = await usageOwner.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId,
      storyfileId: second.id,
      name: 'Pictures',
      phrases: ['motion picture', 'movie'],
    });
    expect(own.category).toMatchObject({ usedByAnswers: 1, foldedQuestions: 0 });

    await ask(usageOwner, first.id, 'What movie do you like?');
    await ask(usageOwner, first.id, 'Film and movie night?');
    await ask(usageOwner, second.id, 'Any good films?');
    await ask(usageOwner, second.id, 'A motion picture, please');
    await ask(usageOwner, second.id, 'A picture in motion');
    const old = await ask(usageOwner, second.id, 'Which movie was it?');
    await studio.database.db.execute(sql`update chat_log_entries
      set created_at = now() - interval '31 days' where id = ${old.exchangeId}`);
    const page = await usageOwner.expectStatus<CategoryPage>(
      200,
      'GET',
      `${path}?namespaceId=${namespaceId}`,
    );
    expect(page.items.map((item) => [item.name, item.usedByAnswers, item.foldedQuestions])).toEqual(
      [
        // "films" is not "film"; the 31-day-old question is past the window.
        ['Pictures', 1, 1],
        ['Screen', 3, 2],
      ],
    );
  });

  it('folds a storyfile’s own category in that storyfile only, not in another storyfile of the namespace', async () => {
    const own = await seedStoryfileWithAnswers(studio, owner, northId);
    const other = await seedStoryfileWithAnswers(studio, owner, northId);
    // "motion picture" is in no phrasing: without a category the question falls back. The other
    // storyfile is asked only once the category exists, so its matcher is built then, reading
    // the categories it folds.
    const question = 'What is your favourite motion picture?';
    expect((await ask(editor, own.id, question)).decision).toEqual(OFF_TOPIC);
    const created = await editor.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId: northId,
      storyfileId: own.id,
      name: `Cinema of ${own.id.slice(0, 6)}`,
      phrases: ['movie', 'motion picture'],
    });
    expect(created.category).toMatchObject({ storyfileId: own.id, storyfileName: own.name });
    const inOwn = await ask(editor, own.id, question);
    expect(inOwn.decision).toEqual({ kind: 'answer', questionId: own.questions[MOVIE] });
    expect(inOwn.candidates[0]!.matchedTerms).toContain(`#${created.category.name}`);
    const inOther = await ask(editor, other.id, question);
    expect(inOther.decision).toEqual(OFF_TOPIC);
    expect(inOther.candidates.flatMap((candidate) => candidate.matchedTerms)).not.toContain(
      `#${created.category.name}`,
    );
    await editor.expectStatus(200, 'DELETE', `${path}/${created.category.id}`);
  });

  it('reaches the storyfile’s cached matcher at its next stamp check: the same matcher, updated in place', async () => {
    // An engine of its own, so the test holds its cache; the studio's works the same way.
    const engine = await createConversationEngine(studio.database.db, {
      mediaUrlTtlSeconds: 60,
      metrics: { countAsk: () => undefined },
      ignores: ignoredQuestions,
      vocabulary: storyfileVocabulary,
    });
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
    const question = 'What is your favourite motion picture?';
    const cached = await getStoryfileMatcher(engine, storyfile.id);
    const { matcher } = cached;
    expect(matcher.match(question).decision).toEqual(OFF_TOPIC);

    const category = await editor.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId: northId,
      storyfileId: storyfile.id,
      name: `Cinema in place ${storyfile.id.slice(0, 6)}`,
      phrases: ['movie', 'motion picture'],
    });
    const refreshed = await getStoryfileMatcher(engine, storyfile.id);
    expect(refreshed).toBe(cached);
    expect(refreshed.matcher).toBe(matcher);
    expect(refreshed.categories.map((item) => item.name)).toContain(category.category.name);
    expect(matcher.match(question).decision).toEqual({
      kind: 'answer',
      answerId: storyfile.questions[MOVIE],
    });

    const word = await editor.expectStatus<CustomWord>(201, 'POST', '/v1/conversa/training/words', {
      namespaceId: northId,
      term: `Kubrick${storyfile.id.slice(0, 4)}`,
      heardAs: ['cube rick'],
    });
    const withWord = await getStoryfileMatcher(engine, storyfile.id);
    expect(withWord.matcher).toBe(matcher);
    expect(withWord.heardAsRules).toContainEqual({ heardAs: 'cube rick', replacement: word.term });
    await editor.expectStatus(200, 'DELETE', `/v1/conversa/training/words/${word.id}`);
    await editor.expectStatus(200, 'DELETE', `${path}/${category.category.id}`);
    const without = await getStoryfileMatcher(engine, storyfile.id);
    expect(without.matcher).toBe(matcher);
    expect(without.heardAsRules).not.toContainEqual(
      expect.objectContaining({ heardAs: 'cube rick' }),
    );
    expect(matcher.match(question).decision).toEqual(OFF_TOPIC);
  });

  it('refuses a reader’s update and delete (403 with the §6 message) and leaves the category as it was', async () => {
    const created = await editor.expectStatus<SavedCategory>(201, 'POST', path, {
      namespaceId: northId,
      name: `Cars ${Math.random().toString(36).slice(2, 8)}`,
      phrases: ['car', 'automobile'],
    });
    const itemPath = `${path}/${created.category.id}`;
    const change = { name: 'Renamed by a reader', phrases: ['truck', 'lorry'] };
    // A reader of the namespace, refused by the route's permission; an editor of another
    // namespace who reads this one, refused by the check on the category's own namespace.
    for (const client of [reader, southEditor]) {
      expect(await client.put(itemPath, change)).toMatchObject({
        status: 403,
        body: { message: EDIT_REFUSAL },
      });
      expect(await client.delete(itemPath)).toMatchObject({
        status: 403,
        body: { message: EDIT_REFUSAL },
      });
    }
    // Someone who cannot see the namespace is told it does not exist.
    expect(await outsider.put(itemPath, change)).toMatchObject({
      status: 404,
      body: { message: CATEGORY_NOT_FOUND_MESSAGE },
    });
    expect(await outsider.delete(itemPath)).toMatchObject({
      status: 404,
      body: { message: CATEGORY_NOT_FOUND_MESSAGE },
    });
    const page = await reader.expectStatus<CategoryPage>(
      200,
      'GET',
      `${path}?namespaceId=${northId}&search=${encodeURIComponent(created.category.name)}`,
    );
    expect(page.items).toMatchObject([
      { id: created.category.id, name: created.category.name, phrases: ['car', 'automobile'] },
    ]);
    await editor.expectStatus(200, 'PUT', itemPath, { ...change, name: created.category.name });
    await editor.expectStatus(200, 'DELETE', itemPath);
  });
});
