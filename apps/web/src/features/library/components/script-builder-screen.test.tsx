import type {
  CurrentUser,
  LibraryQuestion,
  ScriptContent,
  ScriptDetail,
  TopicDetail,
} from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationStateProvider } from '@/components/navigation-state';
import { renderWithProviders } from '@/test/render';
import { ScriptBuilderScreen } from './script-builder-screen';

const AT = '2026-11-01T10:00:00.000Z';
const NAMESPACE_ID = 'ns-1';

function buildUser(scope: 'edit:ns' | 'read:ns'): CurrentUser {
  return {
    isAdmin: false,
    isLoggedIn: true,
    iam: 'u1',
    firstName: 'Eda',
    lastName: null,
    email: 'eda@example.com',
    namespaces: [
      {
        id: NAMESPACE_ID,
        label: 'acme',
        attributes: {},
        userNamespaces: [{ scope }],
        storyfileNamespaces: [],
      },
    ],
  };
}

function buildLibraryQuestion(id: string, text: string, topic: { id: string; name: string }) {
  return {
    id,
    namespaceId: NAMESPACE_ID,
    topicId: topic.id,
    topicName: topic.name,
    text,
    alternates: [],
    position: 0,
    createdAt: AT,
    updatedAt: AT,
    deletedAt: null,
    createdBy: null,
    updatedBy: null,
  } satisfies LibraryQuestion;
}

function buildLibraryTopic(id: string, name: string, texts: string[]): TopicDetail {
  const topic = { id, name };
  return {
    id,
    namespaceId: NAMESPACE_ID,
    namespaceLabel: 'acme',
    name,
    description: '',
    questionCount: texts.length,
    createdAt: AT,
    updatedAt: AT,
    deletedAt: null,
    createdBy: null,
    updatedBy: null,
    questions: texts.map((text, index) => buildLibraryQuestion(`${id}-q${index + 1}`, text, topic)),
  };
}

const CHILDHOOD = buildLibraryTopic('lt-childhood', 'Childhood', [
  'Where were you born?',
  'Who was your best friend?',
]);
const WORK = buildLibraryTopic('lt-work', 'Work', ['What was your first job?']);

function buildScript(overrides: Partial<ScriptDetail> = {}): ScriptDetail {
  const topics = overrides.topics ?? [
    {
      id: 'st-1',
      name: 'Childhood',
      position: 0,
      sourceTopicId: CHILDHOOD.id,
      questions: [
        {
          id: 'sq-1',
          text: 'Where were you born?',
          alternates: ['Your birthplace?'],
          position: 0,
          sourceQuestionId: 'lt-childhood-q1',
        },
      ],
    },
    { id: 'st-2', name: 'Hobbies', position: 1, sourceTopicId: null, questions: [] },
  ];
  return {
    id: 'script-1',
    namespaceId: NAMESPACE_ID,
    namespaceLabel: 'acme',
    isShipped: false,
    name: 'Family stories',
    description: '',
    language: 'en-US',
    topicCount: topics.length,
    questionCount: topics.reduce((sum, topic) => sum + topic.questions.length, 0),
    createdAt: AT,
    updatedAt: AT,
    deletedAt: null,
    createdBy: null,
    updatedBy: null,
    ...overrides,
    topics,
  };
}

/** What the server answers to a content save: drafts get ids, positions follow the order. */
function applyContent(script: ScriptDetail, content: ScriptContent): ScriptDetail {
  let counter = 0;
  const topics = content.topics.map((topic, position) => ({
    id: topic.id ?? `saved-topic-${(counter += 1)}`,
    name: topic.name,
    position,
    sourceTopicId: topic.sourceTopicId ?? null,
    questions: topic.questions.map((question, questionPosition) => ({
      id: question.id ?? `saved-question-${(counter += 1)}`,
      text: question.text,
      alternates: question.alternates,
      position: questionPosition,
      sourceQuestionId: question.sourceQuestionId ?? null,
    })),
  }));
  return buildScript({ ...script, topics });
}

let saved: ScriptContent[] = [];

function mockServer({ scripts = [buildScript()] }: { scripts?: ScriptDetail[] } = {}) {
  saved = [];
  const current = new Map(scripts.map((script) => [script.id, script]));
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://studio');
      const method = init?.method ?? 'GET';
      const page = (items: unknown[]) =>
        Response.json({ items, page: 1, pageSize: 100, total: items.length, pageCount: 1 });
      if (url.pathname === '/v1/conversa/scripts') {
        return Promise.resolve(page([...current.values()].map(({ topics: _, ...rest }) => rest)));
      }
      if (url.pathname === '/v1/conversa/topics') {
        const search = (url.searchParams.get('search') ?? '').toLowerCase();
        const topics = [CHILDHOOD, WORK].filter(
          (topic) =>
            topic.name.toLowerCase().includes(search) ||
            topic.questions.some((question) => question.text.toLowerCase().includes(search)),
        );
        return Promise.resolve(page(topics.map(({ questions: _, ...rest }) => rest)));
      }
      for (const topic of [CHILDHOOD, WORK]) {
        if (url.pathname === `/v1/conversa/topics/${topic.id}`) {
          return Promise.resolve(Response.json(topic));
        }
      }
      for (const script of current.values()) {
        if (url.pathname === `/v1/conversa/scripts/${script.id}` && method === 'GET') {
          return Promise.resolve(Response.json(current.get(script.id)));
        }
        if (url.pathname === `/v1/conversa/scripts/${script.id}/content` && method === 'PUT') {
          const content = JSON.parse(init?.body as string) as ScriptContent;
          saved.push(content);
          const next = applyContent(script, content);
          current.set(script.id, next);
          return Promise.resolve(Response.json(next));
        }
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
}

function renderBuilder({
  path = '/topics/builder?script=script-1',
  scope = 'edit:ns',
}: { path?: string; scope?: 'edit:ns' | 'read:ns' } = {}) {
  return renderWithProviders(
    <NavigationStateProvider>
      <ScriptBuilderScreen user={buildUser(scope)} />
    </NavigationStateProvider>,
    { path },
  );
}

const scriptTopics = () => screen.getByRole('list', { name: 'Script topics' });
const library = () => screen.findByRole('region', { name: 'Question library' });
const readQuestions = () =>
  screen
    .getAllByTestId('script-question')
    .map((row) => row.querySelector('span.flex-1')?.textContent);

beforeEach(() => mockServer());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ScriptBuilderScreen', () => {
  it('asks for a script first, and the choice goes into the address', async () => {
    const user = userEvent.setup();
    renderBuilder({ path: '/topics/builder' });
    expect(
      await screen.findByRole('heading', { name: 'Choose a script to arrange' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Script Builder', level: 1 })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Script'), 'Family stories (acme)');
    expect(screen.getByTestId('location')).toHaveTextContent('/topics/builder?script=script-1');
    expect(await screen.findByRole('heading', { name: 'Family stories' })).toBeInTheDocument();
  });

  it('says when there is no script yet', async () => {
    mockServer({ scripts: [] });
    renderBuilder({ path: '/topics/builder' });
    expect(await screen.findByRole('heading', { name: 'No scripts yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Browse templates' })).toHaveAttribute(
      'href',
      '/topics/templates',
    );
  });

  it('shows the script beside the question library', async () => {
    renderBuilder();
    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(screen.getByText('2 topics · 1 question · acme')).toBeInTheDocument();
    const topics = within(scriptTopics());
    expect(topics.getByRole('list', { name: 'Questions of Childhood' })).toBeInTheDocument();
    expect(topics.getByText('+1 alternates')).toHaveAttribute('title', 'Your birthplace?');
    expect(topics.getByText('Drop questions here')).toBeInTheDocument();
    expect(readQuestions()).toEqual(['Where were you born?']);
    expect(
      topics.getByRole('button', { name: 'Move question Where were you born?' }),
    ).toBeInTheDocument();
    expect(topics.getByRole('button', { name: 'Move topic Hobbies' })).toBeInTheDocument();

    const libraryTopic = await within(await library()).findByRole('button', { name: /^Childhood/ });
    expect(libraryTopic).toHaveAttribute('aria-expanded', 'false');
    expect(
      within(await library()).getByRole('button', { name: 'Drag library topic Work' }),
    ).toBeInTheDocument();
  });

  it('adds a library question to the topic taken from its library topic', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await user.click(await within(await library()).findByRole('button', { name: /^Childhood/ }));
    await user.click(
      await screen.findByRole('button', {
        name: 'Add question Who was your best friend? to the script',
      }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.topics[0]!.questions.map((question) => question.text)).toEqual([
      'Where were you born?',
      'Who was your best friend?',
    ]);
    await waitFor(() =>
      expect(readQuestions()).toEqual(['Where were you born?', 'Who was your best friend?']),
    );
  });

  it('adds a question of a library topic the script lacks under a new topic of that name', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await user.click(await within(await library()).findByRole('button', { name: /^Work/ }));
    await user.click(
      await screen.findByRole('button', {
        name: 'Add question What was your first job? to the script',
      }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.topics.at(-1)).toEqual({
      name: 'Work',
      sourceTopicId: WORK.id,
      questions: [
        {
          text: 'What was your first job?',
          alternates: [],
          sourceQuestionId: WORK.questions[0]!.id,
        },
      ],
    });
  });

  it('warns instead of adding a question the script already has', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await user.click(await within(await library()).findByRole('button', { name: /^Childhood/ }));
    await user.click(
      await screen.findByRole('button', {
        name: 'Add question Where were you born? to the script',
      }),
    );
    expect(
      await screen.findByText('The script already has "Where were you born?".'),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('adds a whole library topic at the end', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await user.click(
      await within(await library()).findByRole('button', { name: 'Add topic Work to the script' }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.topics.map((topic) => topic.name)).toEqual(['Childhood', 'Hobbies', 'Work']);
  });

  it('adds a named topic and clears the field once saved', async () => {
    const user = userEvent.setup();
    renderBuilder();
    const field = await screen.findByRole('textbox', { name: 'New topic name' });
    expect(screen.getByRole('button', { name: 'Add topic' })).toBeDisabled();
    await user.type(field, '  Travel  ');
    await user.click(screen.getByRole('button', { name: 'Add topic' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.topics.map((topic) => topic.name)).toEqual(['Childhood', 'Hobbies', 'Travel']);
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('removes an empty topic at once and asks before removing one with questions', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await user.click(
      await screen.findByRole('button', { name: 'Remove topic Hobbies from the script' }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.topics.map((topic) => topic.name)).toEqual(['Childhood']);

    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Remove topic Childhood from the script' }),
      ).toBeEnabled(),
    );
    await user.click(
      screen.getByRole('button', { name: 'Remove topic Childhood from the script' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove topic from the script?' });
    expect(dialog).toHaveTextContent(
      '“Childhood” and its 1 question will be removed from this script. The question library keeps them.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove topic' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.topics).toEqual([]);
    expect(
      await screen.findByText(/This script is empty. Drag a topic or a question/),
    ).toBeInTheDocument();
  });

  it('removes one question', async () => {
    const user = userEvent.setup();
    renderBuilder();
    await user.click(
      await screen.findByRole('button', {
        name: 'Remove question Where were you born? from the script',
      }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.topics[0]!.questions).toEqual([]);
  });

  it('is read only for a viewer', async () => {
    renderBuilder({ scope: 'read:ns' });
    expect(await screen.findByText('Read only')).toBeInTheDocument();
    expect(readQuestions()).toEqual(['Where were you born?']);
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New topic name' })).not.toBeInTheDocument();
    expect(
      await within(await library()).findByRole('button', { name: /^Childhood/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add topic / })).not.toBeInTheDocument();
  });

  it('is read only for a shipped template', async () => {
    mockServer({
      scripts: [buildScript({ isShipped: true, namespaceId: null, namespaceLabel: null })],
    });
    renderBuilder();
    expect(await screen.findByText('Read only')).toBeInTheDocument();
    expect(screen.getByText('2 topics · 1 question')).toBeInTheDocument();
  });
});
