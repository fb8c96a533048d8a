import type {
  ChangeEffect,
  CurrentUser,
  CustomCategory,
  StoryfileSummary,
  TestBenchResult,
} from '@conversa/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { buildMember } from '@/test/users';

// The custom categories' and vocabulary screens' tests (custom-categories-screen, test-bench,
// vocabulary-namespace): the studio's answers (fetch stubbed), the storyfile Rose in the namespace
// north, and the browser's speech recognizer the test speaks through.

export const NORTH = '11111111-1111-4111-8111-111111111111';
export const ROSE = '66666666-6666-4666-8666-666666666666';
export const ROSE_NAME = `Rose of Milwaukee ${'w'.repeat(100)}`;
export const AT = '2026-11-21T17:04:00.000Z';

export const user: CurrentUser = buildMember({ id: NORTH, label: 'north', scope: 'edit:ns' });

export const ROSE_SUMMARY: StoryfileSummary = {
  id: ROSE,
  namespaceId: NORTH,
  namespaceLabel: 'north',
  name: ROSE_NAME,
  description: '',
  language: 'en-GB',
  status: 'draft',
  avatarUrl: null,
  topicCount: 1,
  questionCount: 4,
  answeredCount: 1,
  createdAt: AT,
  updatedAt: AT,
  deletedAt: null,
  createdBy: null,
  updatedBy: null,
};

export const category = (overrides: Partial<CustomCategory>): CustomCategory => ({
  id: '55555555-5555-4555-8555-555555555555',
  namespaceId: NORTH,
  storyfileId: null,
  storyfileName: null,
  name: 'Films',
  phrases: ['film', 'movie'],
  usedByAnswers: 2,
  foldedQuestions: 5,
  updatedAt: AT,
  ...overrides,
});

export const BENCH_RESULT: TestBenchResult = {
  raw: 'where is mill walkie',
  afterReplacements: 'where is Milwaukee',
  replacements: [{ heardAs: 'mill walkie', replacement: 'Milwaukee', count: 1 }],
  categoriesFolded: [{ category: 'Cities', phrase: 'milwaukee' }],
  candidates: [
    {
      questionId: '77777777-7777-4777-8777-777777777777',
      questionText: 'Did you grow up in Milwaukee?',
      score: 0.81,
      confidence: 'paraphrase',
      isRecorded: true,
      matchedTerms: ['milwaukee'],
    },
  ],
  decision: 'answer',
  threshold: 0.17,
};

/** Every request the console made, in order (emptied before each test). */
export const requested: { method: string; url: URL; body: unknown }[] = [];

export function mockServer({
  categories = [category({})],
  deletionEffect = { storyfiles: [] },
}: { categories?: CustomCategory[]; deletionEffect?: ChangeEffect } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://studio');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      requested.push({ method, url, body });
      const page = (items: unknown[]) =>
        Response.json({ items, page: 1, pageSize: 30, total: items.length, pageCount: 1 });
      if (method === 'GET' && url.pathname === '/v1/conversa/training/categories') {
        return Promise.resolve(page(categories));
      }
      if (method === 'GET' && url.pathname === '/v1/conversa/training/words') {
        return Promise.resolve(page([]));
      }
      if (method === 'GET' && url.pathname === '/v1/conversa/storyfiles') {
        return Promise.resolve(page([ROSE_SUMMARY]));
      }
      if (method === 'GET' && url.pathname.endsWith('/speech-hints')) {
        return Promise.resolve(Response.json({ terms: ['Milwaukee'] }));
      }
      if (method === 'GET' && url.pathname.endsWith('/word-suggestions')) {
        return Promise.resolve(Response.json({ suggestions: [] }));
      }
      if (method === 'POST' && url.pathname === '/v1/conversa/training/categories') {
        return Promise.resolve(
          Response.json(
            {
              category: category({ ...(body as object), id: 'x' }),
              warnings: [],
              effect: { storyfiles: [] },
            },
            { status: 201 },
          ),
        );
      }
      if (method === 'POST' && url.pathname === '/v1/conversa/training/categories/preview') {
        const isDeletion = (body as { category: unknown }).category === null;
        return Promise.resolve(Response.json(isDeletion ? deletionEffect : { storyfiles: [] }));
      }
      if (method === 'DELETE' && url.pathname.startsWith('/v1/conversa/training/categories/')) {
        const id = url.pathname.split('/').pop();
        return Promise.resolve(Response.json({ id, effect: deletionEffect }));
      }
      if (method === 'POST' && url.pathname.endsWith('/training/test-bench')) {
        return Promise.resolve(Response.json(BENCH_RESULT));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
}

/** A stand-in for the browser's recognizer: the test says what it "heard". */
export class FakeRecognition {
  static instances: FakeRecognition[] = [];
  lang = '';
  continuous = true;
  interimResults = true;
  maxAlternatives = 5;
  grammars: unknown = null;
  onresult: ((event: { results: { transcript: string }[][] }) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start = vi.fn(() => FakeRecognition.instances.push(this));
  stop = vi.fn();
  abort = vi.fn();
}

export const benchRequests = () =>
  requested.filter(
    (entry) => entry.method === 'POST' && entry.url.pathname.endsWith('/training/test-bench'),
  );

/** Empties `requested` and the recognizers before each test; unstubs fetch and the recognizer after. */
export function setUpTrainingFakes(): void {
  beforeEach(() => {
    requested.length = 0;
    FakeRecognition.instances = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
  });
}
