/** A WebSocket the test drives: what was sent, and the studio's side of the events. */
export class FakeSocket extends EventTarget {
  static instances: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  readonly sent: (Blob | string)[] = [];

  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }

  send(data: Blob | string) {
    if (this.readyState !== 1) {
      throw new Error('not open');
    }
    this.sent.push(data);
  }

  close() {
    if (this.readyState === 3) {
      return;
    }
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }

  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }

  answer(message: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  fail() {
    this.dispatchEvent(new Event('error'));
    this.close();
  }

  /** The text messages sent, parsed. */
  get messages(): { type: string; id?: number }[] {
    return this.sent
      .filter((data): data is string => typeof data === 'string')
      .map((data) => JSON.parse(data) as { type: string; id?: number });
  }
}

/** The studio's answer to a decode or end, as the stream sends it. */
export function heardMessage(id: number, text: string) {
  return {
    type: 'heard',
    id,
    text,
    confidence: 0.9,
    alternatives: [{ text, confidence: 0.8 }],
    recognizer: 'pocketsphinx',
    audioSeconds: 2.1,
    processingSeconds: 0.4,
  };
}
