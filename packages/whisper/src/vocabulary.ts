import { Tokenizer } from '@huggingface/tokenizers';

/** The special tokens a decode uses, by their ids in this model's vocabulary. */
export interface SpecialTokens {
  endOfText: number;
  startOfTranscript: number;
  english: number | null;
  transcribe: number;
  startOfPrevious: number;
  noSpeech: number;
  noTimestamps: number;
  firstTimestamp: number;
}

/** GPT-2's byte-level alphabet: each byte is written as one printable character in tokens.txt. */
function byteAlphabet(): Map<string, number> {
  const printable = [...range(0x21, 0x7e), ...range(0xa1, 0xac), ...range(0xae, 0xff)];
  const characters = new Map<string, number>();
  for (const byte of printable) {
    characters.set(String.fromCharCode(byte), byte);
  }
  let extra = 0;
  for (let byte = 0; byte < 256; byte += 1) {
    if (!printable.includes(byte)) {
      characters.set(String.fromCharCode(256 + extra), byte);
      extra += 1;
    }
  }
  return characters;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** A Whisper vocabulary: token ids to bytes and text, and a prompt's text to token ids. */
export class Vocabulary {
  private readonly bytesOf: Uint8Array[];
  private readonly tokenizer: Tokenizer;
  private readonly pieces = new Map<number, string>();

  constructor(
    tokens: readonly string[],
    tokenizerJson: object,
    readonly special: SpecialTokens,
  ) {
    const alphabet = byteAlphabet();
    this.bytesOf = tokens.map((token) =>
      Uint8Array.from([...token].map((character) => alphabet.get(character) ?? 0x3f)),
    );
    this.tokenizer = new Tokenizer(tokenizerJson, {});
  }

  get size(): number {
    return this.bytesOf.length;
  }

  /** A token's text, bytes decoded as UTF-8 (a character split over two tokens is kept whole). */
  decode(ids: readonly number[]): string {
    const bytes = ids.flatMap((id) =>
      id < this.special.endOfText ? [...(this.bytesOf[id] ?? [])] : [],
    );
    return new TextDecoder().decode(Uint8Array.from(bytes));
  }

  /** One token's text, kept once decoded (the beam search reads each beam's every step). */
  piece(id: number): string {
    let text = this.pieces.get(id);
    if (text === undefined) {
      text = this.decode([id]);
      this.pieces.set(id, text);
    }
    return text;
  }

  /** Whether a text token begins a new word (its first byte is a space). */
  startsWord(id: number): boolean {
    return this.bytesOf[id]?.[0] === 0x20;
  }

  /** The ids of a text, with no special tokens around it. */
  encode(text: string): number[] {
    return this.tokenizer.encode(text, { add_special_tokens: false }).ids;
  }
}
