import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InkStateDetail, InkStatePage, InkVersion } from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import type { ApiClient } from '../../../test/storyfile.fixtures.ts';
import { signInAs } from '../../../test/storyfile.fixtures.ts';
import type { SeededStoryfile } from '../../../test/conversation.fixtures.ts';
import { askInStudio, seedOwnedStoryfile } from '../../../test/ask.fixtures.ts';

let studio: TestStudio;
let admin: ApiClient;
let owner: ApiClient;
let storyfile: SeededStoryfile;
let conversationId: string;

const BORN = 'Where were you born?';
const MOVIE = 'What is your favourite movie?';

function story(extra = '') {
  return `VAR mood = "curious"
VAR trust = 0
VAR met_before = false
Hello! # clip: intro
-> hub
== hub
Ask me about my childhood or my work.
* [Tell me about your childhood] -> childhood
* [Tell me about your work] -> work
== childhood
~ mood = "nostalgic"
I was born far away. # answer: ${storyfile.questions[BORN]}
+ [Anything else?] -> hub
== work
-> END
= later
Later.
-> END
${extra}`;
}

async function publish(source: string): Promise<InkVersion> {
  const base = `/v1/conversa/storyfiles/${storyfile.id}/ink-story`;
  const version = await owner.expectStatus<InkVersion>(201, 'POST', `${base}/versions`, { source });
  await owner.expectStatus(200, 'POST', `${base}/versions/${version.number}/publish`);
  return version;
}

function ask(body: Record<string, unknown>) {
  return askInStudio(owner, storyfile.id, body);
}

beforeAll(async () => {
  studio = await startTestStudio();
  ({ owner, storyfile } = await seedOwnedStoryfile(studio, 'inky'));
  admin = await signInAs(studio, 'admin@example.com', 'admin-password');
  await publish(story());
  const opened = await ask({ text: '', start: true });
  conversationId = opened.conversationId;
  await ask({ text: 'what is your birthplace', conversationId });
  await ask({ text: MOVIE, conversationId });
});

afterAll(async () => {
  await studio?.stop();
});

describe('View Inky States', () => {
  it('gives non-admins no access, not even the namespace owner of the conversation', async () => {
    const list = await owner.get('/v1/conversa/ink-states');
    expect(list.status).toBe(403);
    const detail = await owner.get(`/v1/conversa/ink-states/${conversationId}`);
    expect(detail.status).toBe(403);
    expect(JSON.stringify(detail.body)).not.toContain('inkState');
  });

  it('lists one row per conversation with an ink state, with its place, versions and compatibility', async () => {
    // A conversation without a story state is not listed.
    const page = await admin.expectStatus<InkStatePage>(
      200,
      'GET',
      `/v1/conversa/ink-states?storyfileId=${storyfile.id}`,
    );
    expect(page.total).toBe(1);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      conversationId,
      storyfileId: storyfile.id,
      channel: 'studio',
      turns: 3,
      currentPath: 'childhood',
      hasEnded: false,
      storyVersionNumber: 1,
      publishedVersionNumber: 1,
      compatibility: 'compatible',
    });
    expect(page.items[0]!.inkSaveVersion).toBeGreaterThan(0);

    const incompatible = await admin.expectStatus<InkStatePage>(
      200,
      'GET',
      `/v1/conversa/ink-states?storyfileId=${storyfile.id}&compatibility=outdated`,
    );
    expect(incompatible.total).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = await admin.expectStatus<InkStatePage>(
      200,
      'GET',
      `/v1/conversa/ink-states?storyfileId=${storyfile.id}&from=${tomorrow}`,
    );
    expect(later.total).toBe(0);
  });

  it('shows every variable, the changed ones marked, and visits per knot and stitch only', async () => {
    const detail = await admin.expectStatus<InkStateDetail>(
      200,
      'GET',
      `/v1/conversa/ink-states/${conversationId}`,
    );
    // ink's saved state holds only "mood" (the one changed from its starting value).
    const saved = JSON.parse(detail.stateJson) as { variablesState: object };
    expect(Object.keys(saved.variablesState)).toEqual(['mood']);
    expect(detail.variables).toEqual([
      { name: 'mood', value: 'nostalgic', isChanged: true },
      { name: 'trust', value: '0', isChanged: false },
      { name: 'met_before', value: 'false', isChanged: false },
    ]);
    // Not ink's inner containers ("", "hub.0.c-0"): the knots and stitches an author wrote.
    expect(detail.visitCounts).toEqual([
      { path: 'hub', count: 1 },
      { path: 'childhood', count: 1 },
      { path: 'work', count: 0 },
      { path: 'work.later', count: 0 },
    ]);
  });

  it('shows variables, visit counts, the turn index and the turns joined with the chat log', async () => {
    const detail = await admin.expectStatus<InkStateDetail>(
      200,
      'GET',
      `/v1/conversa/ink-states/${conversationId}`,
    );
    expect(detail.variables).toContainEqual({ name: 'mood', value: 'nostalgic', isChanged: true });
    expect(detail.visitCounts).toEqual(
      expect.arrayContaining([
        { path: 'hub', count: 1 },
        { path: 'childhood', count: 1 },
      ]),
    );
    // ink's own turn index: -1 before the first choice, 0 once one choice is taken.
    expect(detail.turnIndex).toBe(0);
    expect(detail.transcript.map((turn) => turn.kind)).toEqual(['start', 'choice', 'free']);
    expect(detail.transcript[0]!.exchange).toBeNull();
    expect(detail.transcript[1]).toMatchObject({
      choiceText: 'Tell me about your childhood',
      exchange: { questionText: 'what is your birthplace', inkTurn: 'choice' },
    });
    expect(detail.transcript[2]!.exchange).toMatchObject({ questionText: MOVIE, inkTurn: 'free' });
    expect(JSON.parse(detail.stateJson)).toHaveProperty('inkSaveVersion');
    expect(detail.compiledJson).toContain('inkVersion');
    expect(detail.fitsPublished).toEqual({ fits: true, reason: null });
  });

  it('marks a state saved under an older version as outdated, and checks it against the new one', async () => {
    await publish(story('== epilogue\nThe end.\n-> END'));
    const page = await admin.expectStatus<InkStatePage>(
      200,
      'GET',
      `/v1/conversa/ink-states?storyfileId=${storyfile.id}&compatibility=outdated`,
    );
    expect(page.items.map((item) => item.conversationId)).toEqual([conversationId]);
    expect(page.items[0]).toMatchObject({ storyVersionNumber: 1, publishedVersionNumber: 2 });
    const detail = await admin.expectStatus<InkStateDetail>(
      200,
      'GET',
      `/v1/conversa/ink-states/${conversationId}`,
    );
    expect(detail.compatibility).toBe('outdated');
    expect(detail.fitsPublished?.fits).toBe(true);
  });

  it('answers 404 for a conversation without an ink state', async () => {
    const other = await admin.get(`/v1/conversa/ink-states/${crypto.randomUUID()}`);
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ message: 'No ink state found for this conversation.' });
  });
});
