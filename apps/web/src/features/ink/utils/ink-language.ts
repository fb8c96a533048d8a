import { StreamLanguage, type StreamParser } from '@codemirror/language';

interface InkStreamState {
  isInBlockComment: boolean;
}

/**
 * Ink highlighting as a stream language: knots and stitches, choices and gathers, diverts,
 * logic lines, `{…}` expressions, tags and comments. Enough for reading, not a full parser.
 */
const inkParser: StreamParser<InkStreamState> = {
  name: 'ink',
  startState: () => ({ isInBlockComment: false }),
  token(stream, state) {
    if (state.isInBlockComment) {
      if (stream.skipTo('*/')) {
        stream.match('*/');
        state.isInBlockComment = false;
      } else {
        stream.skipToEnd();
      }
      return 'comment';
    }
    if (stream.match('/*')) {
      state.isInBlockComment = true;
      return 'comment';
    }
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.sol()) {
      if (stream.match(/^\s*={2,}\s*(function\s+)?[\w]+.*$/)) {
        return 'heading';
      }
      if (stream.match(/^\s*=\s*[\w]+.*$/)) {
        return 'heading2';
      }
      if (stream.match(/^\s*(VAR|CONST|LIST|INCLUDE|EXTERNAL|TODO:?)\b/)) {
        return 'keyword';
      }
      if (stream.match(/^\s*~/)) {
        return 'operator';
      }
      if (stream.match(/^\s*([*+]\s*)+/)) {
        return 'atom';
      }
      if (stream.match(/^\s*(-\s*)+(?!>)/)) {
        return 'atom';
      }
    }
    if (stream.match(/^->\s*[\w.]*/) || stream.match(/^<-\s*[\w.]*/)) {
      return 'link';
    }
    if (stream.match('#')) {
      stream.eatWhile(/[^#\]]/);
      return 'meta';
    }
    if (stream.match('{')) {
      stream.eatWhile(/[^}]/);
      stream.eat('}');
      return 'variableName';
    }
    if (stream.match(/^\[[^\]]*\]/)) {
      return 'string';
    }
    stream.next();
    stream.eatWhile(/[^-#{[/<]/);
    return null;
  },
  languageData: { commentTokens: { line: '//', block: { open: '/*', close: '*/' } } },
};

export const inkLanguage = StreamLanguage.define(inkParser);
