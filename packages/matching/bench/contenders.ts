import type nlpjsModule from '@nlpjs/basic';
import MiniSearch from 'minisearch';
import { createMatcher } from '../src/index.ts';
import type { Embedder, Matcher, MatcherOptions } from '../src/index.ts';
import type { IntentDefinition } from './datasets.ts';

/** The top answer a contender picks for a question and the score it gave it. */
export interface Prediction {
  intent: string | null;
  score: number;
}

/** A labelled phrasing added during the review-round simulation. */
export interface ReviewedExample {
  intent: string;
  text: string;
}

/** One matcher under test, driven the same way as every other. */
export interface Contender {
  name: string;
  train(intents: readonly IntentDefinition[]): Promise<void>;
  /** Adds phrasings to existing answers the way a reviewer would. */
  addExamples(examples: readonly ReviewedExample[]): Promise<void>;
  predict(text: string): Prediction | Promise<Prediction>;
}

export type ContenderName =
  'conversa' | 'conversa-semantic' | 'conversa-combined' | 'nlpjs' | 'minisearch';
export const CONTENDER_NAMES: readonly ContenderName[] = [
  'conversa',
  'conversa-semantic',
  'conversa-combined',
  'nlpjs',
  'minisearch',
];
/** Ours with sentence vectors: they need a sentence model (`--embedder`). */
export const SEMANTIC_CONTENDERS: readonly ContenderName[] = [
  'conversa-semantic',
  'conversa-combined',
];

function groupByIntent(examples: readonly ReviewedExample[]): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const example of examples) {
    const texts = grouped.get(example.intent) ?? [];
    texts.push(example.text);
    grouped.set(example.intent, texts);
  }
  return grouped;
}

/**
 * Ours: each intent is one answer; its first example is the question, the rest alternates.
 * `options` gives the variant: lexical (none), semantic only or combined (an embedder).
 */
export function createConversaContender(
  name = 'conversa',
  options: MatcherOptions = {},
): Contender {
  let matcher: Matcher = createMatcher(options);
  const phrasings = new Map<string, string[]>();
  return {
    name,
    train(intents) {
      matcher = createMatcher(options);
      phrasings.clear();
      for (const intent of intents) {
        phrasings.set(intent.id, [...intent.examples]);
        const [question = '', ...alternates] = intent.examples;
        matcher.upsertAnswer({ id: intent.id, question, alternates });
      }
      return Promise.resolve();
    },
    addExamples(examples) {
      for (const [intent, texts] of groupByIntent(examples)) {
        const all = [...(phrasings.get(intent) ?? []), ...texts];
        phrasings.set(intent, all);
        const [question = '', ...alternates] = all;
        matcher.upsertAnswer({ id: intent, question, alternates });
      }
      return Promise.resolve();
    },
    predict(text) {
      const top = matcher.match(text, { limit: 1 }).candidates[0];
      return top ? { intent: top.answerId, score: top.score } : { intent: null, score: 0 };
    },
  };
}

/** NLP.js 4 (`@nlpjs/basic`): its neural NLU with the English pipeline, as documented. */
export function createNlpjsContender(): Contender {
  const documents: ReviewedExample[] = [];
  let nlp: InstanceType<typeof nlpjsModule.Nlp> | undefined;

  async function retrain(): Promise<void> {
    // Loaded on demand: NLP.js is slow to load and warns on stderr even when it is not compared.
    const { default: nlpjs } = await import('@nlpjs/basic');
    const container = await nlpjs.containerBootstrap();
    container.use(nlpjs.Nlp);
    container.use(nlpjs.LangEn);
    const next = new nlpjs.Nlp({ container, autoSave: false, nlu: { log: false } });
    next.addLanguage('en');
    for (const document of documents) {
      next.addDocument('en', document.text, document.intent);
    }
    await next.train();
    nlp = next;
  }

  return {
    name: 'nlpjs',
    async train(intents) {
      documents.length = 0;
      for (const intent of intents) {
        for (const text of intent.examples) {
          documents.push({ intent: intent.id, text });
        }
      }
      await retrain();
    },
    // NLP.js has no incremental training: a review round retrains on everything.
    async addExamples(examples) {
      documents.push(...examples);
      await retrain();
    },
    async predict(text) {
      if (!nlp) {
        throw new Error('nlpjs contender used before training');
      }
      const result = await nlp.process('en', text);
      const top = (result.classifications ?? []).find((entry) => entry.intent !== 'None');
      return top ? { intent: top.intent, score: top.score } : { intent: null, score: 0 };
    },
  };
}

interface SearchDocument {
  id: number;
  text: string;
  intent: string;
}

/** MiniSearch's BM25 over every phrasing; the top hit's intent is the answer. */
export function createMiniSearchContender(): Contender {
  let index = new MiniSearch<SearchDocument>({ fields: ['text'], storeFields: ['intent'] });
  let nextId = 0;
  return {
    name: 'minisearch',
    train(intents) {
      index = new MiniSearch<SearchDocument>({ fields: ['text'], storeFields: ['intent'] });
      nextId = 0;
      index.addAll(
        intents.flatMap((intent) =>
          intent.examples.map((text) => ({ id: nextId++, text, intent: intent.id })),
        ),
      );
      return Promise.resolve();
    },
    addExamples(examples) {
      index.addAll(examples.map((example) => ({ id: nextId++, ...example })));
      return Promise.resolve();
    },
    predict(text) {
      const top = index.search(text)[0];
      return top ? { intent: String(top.intent), score: top.score } : { intent: null, score: 0 };
    },
  };
}

/**
 * Our variants' matcher options: lexical has no embedder; semantic only scores by vectors alone
 * (`embeddingWeight` 1); combined is the matcher's default with an embedder.
 */
export function conversaVariantOptions(
  name: ContenderName,
  embedder: Embedder | undefined,
): MatcherOptions {
  if (name === 'conversa' || !embedder) {
    return {};
  }
  return name === 'conversa-semantic' ? { embedder, tuning: { embeddingWeight: 1 } } : { embedder };
}

/** Creates a fresh contender by name (`embedder`: for our semantic variants). */
export function createContender(name: ContenderName, embedder?: Embedder): Contender {
  switch (name) {
    case 'conversa':
    case 'conversa-semantic':
    case 'conversa-combined':
      return createConversaContender(name, conversaVariantOptions(name, embedder));
    case 'nlpjs':
      return createNlpjsContender();
    case 'minisearch':
      return createMiniSearchContender();
  }
}
