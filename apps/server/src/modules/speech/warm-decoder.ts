import { spawn, type ChildProcess } from 'node:child_process';
import { open, mkdtemp, readFile, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runMediaTool, withParentDeathSignal } from '../../media/ffmpeg.ts';
import {
  decoderArgs,
  POCKETSPHINX_DEFAULTS,
  readDecoderOutput,
  readUtteranceTime,
  type DecoderModel,
} from './pocketsphinx.ts';
import type { DecodeTiming, SpeechTranscript } from './speech-engine.ts';

/** A decoder nobody asked for this long is ended (its models leave memory). */
const IDLE_MS = 10 * 60_000;
/** A decoder is ended and replaced after this many utterances (its CTM file only grows). */
const UTTERANCES_PER_DECODER = 500;
/** The WAV header the gateway's conversion writes (`-fflags +bitexact`: no other chunk). */
export const WARM_WAV_HEADER_BYTES = 44;

interface Waiting {
  utterance: string;
  resolve: (timing: { cpuSeconds: number; wallSeconds: number }) => void;
  reject: (error: Error) => void;
}

/**
 * One pocketsphinx_batch kept running with its models loaded (issue 42: the answer within a
 * second). Its control file is a named pipe this process holds open for writing, so the decoder
 * opens it at once, loads the acoustic model, the storyfile's language model and dictionary, and
 * then waits on its next line: each line names a recording to decode as one utterance, exactly as
 * a fresh `runPocketsphinx` would (same arguments; the acoustic model's batch CMN is per
 * utterance, so earlier utterances change nothing: the same samples give the same readings, the
 * n-best scores included). The end of an utterance is its "done" line in the decoder's log (on
 * stderr), written after its CTM lines and its n-best file.
 */
class WarmDecoder {
  private readonly child: ChildProcess;
  private waiting: Waiting | undefined;
  private log = '';
  private ctmOffset = 0;
  private ctm: FileHandle | undefined;
  private exited = false;
  utterances = 0;
  idleTimer: NodeJS.Timeout | undefined;
  readonly done: Promise<void>;

  private constructor(
    readonly dir: string,
    private readonly control: FileHandle,
    binary: string,
    args: string[],
    readonly onExit: () => void,
  ) {
    const command = withParentDeathSignal(binary, args);
    this.child = spawn(command.command, command.args, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => this.read(chunk));
    // Waiting, it does not keep this process alive (it dies with it: its control file closes,
    // and withParentDeathSignal); decoding or stopping, it does (`hold`).
    this.hold(false);
    this.done = new Promise((resolve) => {
      const exited = (reason: string) => {
        if (this.exited) {
          return;
        }
        this.exited = true;
        this.waiting?.reject(new Error(`pocketsphinx_batch ${reason}: ${this.log.slice(-500)}`));
        this.waiting = undefined;
        clearTimeout(this.idleTimer);
        this.onExit();
        void this.cleanUp().finally(resolve);
      };
      this.child.once('error', (error) => exited(`could not start (${error.message})`));
      this.child.once('close', (code) => exited(`exited with ${code ?? 'a signal'}`));
    });
  }

  static async start(
    model: DecoderModel,
    options: { binary?: string; acousticModel?: string },
    onExit: () => void,
  ): Promise<WarmDecoder> {
    const dir = await mkdtemp(path.join(tmpdir(), 'conversa-decoder-'));
    const control = path.join(dir, 'control');
    await runMediaTool('mkfifo', ['-m', '600', control]);
    // Open for reading and writing: never blocks, and the decoder's own open (for reading) then
    // returns at once, so it loads its models now; it sees the end of its control file only when
    // this handle closes.
    const handle = await open(control, 'r+');
    return new WarmDecoder(
      dir,
      handle,
      options.binary ?? POCKETSPHINX_DEFAULTS.binary,
      decoderArgs({
        control,
        // Lines name absolute paths: `/` + `tmp/…/speech` + `.wav`.
        inputDir: '/',
        extension: '.wav',
        headerBytes: WARM_WAV_HEADER_BYTES,
        model,
        outDir: dir,
        ...(options.acousticModel ? { acousticModel: options.acousticModel } : {}),
      }),
      onExit,
    );
  }

  private hold(isHeld: boolean): void {
    const stderr = this.child.stderr as
      (NodeJS.ReadableStream & { ref?(): void; unref?(): void }) | null;
    if (isHeld) {
      this.child.ref();
      stderr?.ref?.();
    } else {
      this.child.unref();
      stderr?.unref?.();
    }
  }

  get isAlive(): boolean {
    return !this.exited;
  }

  private read(chunk: string): void {
    this.log = (this.log + chunk).slice(-16_384);
    const waiting = this.waiting;
    if (!waiting) {
      return;
    }
    const timing = readUtteranceTime(this.log, waiting.utterance);
    if (timing && this.log.includes(`${waiting.utterance} done -`)) {
      this.waiting = undefined;
      this.log = '';
      waiting.resolve(timing);
    } else if (this.log.includes('Failed to open')) {
      // The recording could not be read: the decoder skips the line and waits for the next.
      this.waiting = undefined;
      this.log = '';
      waiting.reject(new Error(`pocketsphinx_batch could not decode ${waiting.utterance}`));
    }
  }

  /**
   * Decodes one 16 kHz mono WAV file of exactly WARM_WAV_HEADER_BYTES of header; one at a time.
   * Aborted, the decoder is killed (an utterance cannot be cut short).
   */
  async decode(
    wavFile: string,
    signal?: AbortSignal,
  ): Promise<{
    transcript: SpeechTranscript;
    search: { cpuSeconds: number; wallSeconds: number };
  }> {
    if (this.waiting || this.exited) {
      throw new Error('This decoder is busy or ended');
    }
    this.utterances += 1;
    const utterance = `u${this.utterances}`;
    const finished = new Promise<{ cpuSeconds: number; wallSeconds: number }>((resolve, reject) => {
      this.waiting = { utterance, resolve, reject };
    });
    // Aborted while its line is being written (or the write fails as the decoder dies), the
    // decoder's end rejects this before it is awaited: that is this call's failure, not an
    // unhandled rejection of the process.
    finished.catch(() => undefined);
    const onAbort = () => this.stop();
    signal?.addEventListener('abort', onAbort, { once: true });
    this.hold(true);
    try {
      const file = wavFile.replace(/^\/+/, '').replace(/\.wav$/, '');
      await this.control.write(`${file} 0 -1 ${utterance}\n`);
      const search = await finished;
      // The CTM's lines of this utterance (written unbuffered before its "done" line), then
      // dropped from the file: the decoder keeps writing at its own offset, into a sparse file.
      this.ctm ??= await open(path.join(this.dir, 'words.ctm'), 'r+');
      const { size } = await this.ctm.stat();
      // An utterance heard as no words writes none: the file stays empty, the offset where it was.
      const buffer = Buffer.alloc(Math.max(0, size - this.ctmOffset));
      await this.ctm.read(buffer, 0, buffer.length, this.ctmOffset);
      this.ctmOffset = Math.max(size, this.ctmOffset);
      await this.ctm.truncate(0);
      const nbestFile = path.join(this.dir, `${utterance}.hyp`);
      const nbest = await readFile(nbestFile, 'utf8').catch(() => '');
      await rm(nbestFile, { force: true });
      return { transcript: readDecoderOutput(buffer.toString('utf8'), nbest), search };
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (!this.exited) {
        this.hold(false);
      }
    }
  }

  /** Ends the decoder (its control file closes: it finishes and exits), then kills it. */
  stop(): void {
    if (!this.exited) {
      this.hold(true);
      this.child.kill('SIGKILL');
    }
  }

  private async cleanUp(): Promise<void> {
    await this.ctm?.close().catch(() => undefined);
    await this.control.close().catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }
}

/**
 * Warm pocketsphinx_batch decoders for spoken questions, by model (a storyfile's language model
 * and dictionary): a question takes a waiting decoder of its storyfile's model, or starts one;
 * after it, the decoder waits for the next (ended after IDLE_MS unused). At most `limit` are
 * kept: the one unused longest is ended to make room.
 */
export function createWarmDecoders(
  options: { binary?: string; acousticModel?: string; limit?: number } = {},
) {
  const limit = options.limit ?? 4;
  const idle = new Map<string, WarmDecoder[]>();
  /** Decoders being started ahead of their question (`prepare`), not yet taken. */
  const starting = new Map<string, Promise<WarmDecoder>>();
  const all = new Set<WarmDecoder>();
  /** Decoders being started (by `prepare` or a question), so closing can wait for them. */
  const launching = new Set<Promise<WarmDecoder>>();
  let isClosed = false;
  const keyOf = (model: DecoderModel) => `${model.languageModel}\n${model.dictionary}`;

  function release(key: string, decoder: WarmDecoder): void {
    if (!decoder.isAlive || decoder.utterances >= UTTERANCES_PER_DECODER) {
      decoder.stop();
      return;
    }
    idle.set(key, [...(idle.get(key) ?? []), decoder]);
    decoder.idleTimer = setTimeout(() => decoder.stop(), IDLE_MS);
    decoder.idleTimer.unref();
  }

  function take(key: string): WarmDecoder | undefined {
    const list = idle.get(key) ?? [];
    const decoder = list.shift();
    if (list.length === 0) {
      idle.delete(key);
    }
    clearTimeout(decoder?.idleTimer);
    return decoder;
  }

  async function start(key: string, model: DecoderModel): Promise<WarmDecoder> {
    // Room for one more: the decoder idle longest goes (insertion order of the idle lists).
    while (all.size >= limit) {
      const oldest = [...idle.keys()][0];
      const victim = oldest === undefined ? undefined : take(oldest);
      if (!victim) {
        break;
      }
      victim.stop();
      all.delete(victim);
    }
    const launched = WarmDecoder.start(model, options, () => {
      all.delete(decoder);
      const list = idle.get(key)?.filter((entry) => entry !== decoder) ?? [];
      if (list.length === 0) {
        idle.delete(key);
      } else {
        idle.set(key, list);
      }
    });
    launching.add(launched);
    let decoder: WarmDecoder;
    try {
      decoder = await launched;
    } finally {
      launching.delete(launched);
    }
    all.add(decoder);
    if (isClosed) {
      // Started while the studio was stopping (a stream's prepare): it ends with the others.
      decoder.stop();
      throw new Error('The decoders are closed');
    }
    return decoder;
  }

  return {
    /**
     * Starts a decoder for `model` ahead of its question (while ffmpeg converts the recording),
     * unless one waits already.
     */
    async prepare(model: DecoderModel): Promise<void> {
      const key = keyOf(model);
      if ((idle.get(key)?.length ?? 0) > 0 || starting.has(key)) {
        return;
      }
      const started = start(key, model);
      starting.set(key, started);
      try {
        const decoder = await started;
        // Not taken by a question meanwhile: it waits for the next.
        if (starting.get(key) === started) {
          release(key, decoder);
        }
      } finally {
        if (starting.get(key) === started) {
          starting.delete(key);
        }
      }
    },
    async decode(
      model: DecoderModel,
      wavFile: string,
      signal?: AbortSignal,
    ): Promise<SpeechTranscript & { timing: DecodeTiming }> {
      const key = keyOf(model);
      const begun = performance.now();
      let decoder = take(key);
      const isCold = !decoder;
      if (!decoder) {
        const started = starting.get(key);
        starting.delete(key);
        decoder = await (started ?? start(key, model));
      }
      try {
        const { transcript, search } = await decoder.decode(wavFile, signal);
        return {
          ...transcript,
          timing: {
            isCold,
            isKeptRunning: true,
            wallSeconds: (performance.now() - begun) / 1000,
            searchWallSeconds: search.wallSeconds,
            searchCpuSeconds: search.cpuSeconds,
          },
        };
      } finally {
        release(key, decoder);
      }
    },
    /** Ends every decoder (the studio stopping). */
    async close(): Promise<void> {
      isClosed = true;
      await Promise.allSettled([...launching]);
      const decoders = [...all];
      decoders.forEach((decoder) => decoder.stop());
      await Promise.all(decoders.map((decoder) => decoder.done));
    },
  };
}

export type WarmDecoders = ReturnType<typeof createWarmDecoders>;
