import { startWhisperThread, whisperModelDir } from '@conversa/whisper';
const before = process.memoryUsage().rss;
const t = startWhisperThread({ modelDir: whisperModelDir('tiny.en') });
console.log('load ms', (await t.ready).toFixed(0));
const loaded = process.memoryUsage().rss;
const r = await t.recognize(new Float32Array(16000 * 4).map((_, i) => Math.sin(i / 10) * 0.1), { beams: 5 });
const after = process.memoryUsage().rss;
console.log(`rss before ${(before / 1e6).toFixed(0)} MB, loaded +${((loaded - before) / 1e6).toFixed(0)} MB, after a recognition +${((after - before) / 1e6).toFixed(0)} MB`, JSON.stringify(r.text));
await t.close();
