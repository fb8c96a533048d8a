import { startWhisperThread, whisperModelDir } from '@conversa/whisper';
const t = startWhisperThread({ modelDir: whisperModelDir('tiny.en') });
console.log('ready', await t.ready);
await t.close();
