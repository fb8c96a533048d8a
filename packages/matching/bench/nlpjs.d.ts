// The slice of @nlpjs/basic (untyped CommonJS) that the benchmark uses.
declare module '@nlpjs/basic' {
  interface NlpClassification {
    intent: string;
    score: number;
  }
  interface NlpResult {
    classifications?: NlpClassification[];
  }
  interface NlpContainer {
    use(plugin: unknown): void;
  }
  interface Nlp {
    addLanguage(locale: string): void;
    addDocument(locale: string, utterance: string, intent: string): void;
    train(): Promise<unknown>;
    process(locale: string, utterance: string): Promise<NlpResult>;
  }
  interface NlpConstructor {
    new (settings: { container: NlpContainer; autoSave?: boolean; nlu?: { log?: boolean } }): Nlp;
  }
  const nlpjs: {
    containerBootstrap(): Promise<NlpContainer>;
    Nlp: NlpConstructor;
    LangEn: unknown;
  };
  export default nlpjs;
}
