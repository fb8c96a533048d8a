import { Keyboard } from 'lucide-react';
import { RECORDING_SHORTCUTS } from '../utils/shortcuts';

/** The recording keys, always on screen so people learn them while recording. */
export function ShortcutHelp() {
  return (
    <section
      aria-labelledby="recording-shortcuts-title"
      className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm"
    >
      <h3
        id="recording-shortcuts-title"
        className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase"
      >
        <Keyboard className="size-3.5" aria-hidden="true" /> Keyboard shortcuts
      </h3>
      <dl className="mt-2 grid grid-cols-1 gap-y-1.5">
        {RECORDING_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.key} className="flex items-center gap-2">
            <dt>
              <kbd className="inline-flex min-w-7 whitespace-nowrap justify-center rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-slate-700 shadow-[inset_0_-1px_0_rgb(0_0_0/0.08)]">
                {shortcut.key}
              </kbd>
            </dt>
            <dd className="text-slate-700">{shortcut.description}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-500">Shortcuts do nothing while you type in a field.</p>
    </section>
  );
}
