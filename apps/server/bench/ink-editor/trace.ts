// bench:ink-editor's measurement (bench/ink-editor.ts): keys typed while Chrome traces, each
// keystroke's main-thread time read from the trace, and the CPU profile's heaviest functions.
import { writeFileSync } from 'node:fs';
import type { Browser, CDPSession, Page } from 'playwright-core';

/** A fast typist's pace: the editor's debounced work (compile, outline) may run between keys. */
export const KEY_INTERVAL_MS = 120;

/** Waits for the frame after the current one, so a keystroke's rendering is counted. */
export async function nextFrame(page: Page): Promise<void> {
  // Run in the page, where requestAnimationFrame exists (the server's types have no DOM).
  await page.evaluate(
    `new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))`,
  );
}

export interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** Self time by function over 5 keystrokes, the top 20 printed. */
export async function printProfile(cdp: CDPSession, page: Page): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  for (const key of 'abcde') {
    await page.keyboard.press(key);
    await nextFrame(page);
    await page.waitForTimeout(KEY_INTERVAL_MS);
  }
  const { profile } = await cdp.send('Profiler.stop');
  const byNode = new Map<number, ProfileNode>(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parentOf.set(child, node.id);
    }
  }
  const callers = (id: number) => {
    const names: string[] = [];
    for (let at = parentOf.get(id); at !== undefined && names.length < 6; at = parentOf.get(at)) {
      names.push(byNode.get(at)!.callFrame.functionName || '(anonymous)');
    }
    return names.join(' < ');
  };
  const selfMs = new Map<string, number>();
  (profile.samples ?? []).forEach((id, index) => {
    const frame = byNode.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1} < ${callers(id)}`;
    selfMs.set(name, (selfMs.get(name) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000);
  });
  console.log('\nSelf time over 5 keystrokes (ms):');
  for (const [name, ms] of [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`  ${ms.toFixed(1).padStart(8)}  ${name}`);
  }
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Backspace');
  }
  await page.waitForTimeout(1000);
}

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  /** Start, microseconds. */
  ts: number;
  /** Wall duration, microseconds. */
  dur?: number;
  /** Thread (CPU) duration, microseconds. */
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

/**
 * Trace categories: top-level tasks of each thread and the timeline's events inside them. Not
 * `disabled-by-default-devtools.timeline`: it has the page count its DOM and memory every frame
 * (DOMStats, UpdateCounters), the observer's work that added 1-2 ms to every keystroke.
 */
export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline'];

/** What a keystroke cost the renderer's main thread, read from a Chrome trace, in ms. */
export interface KeystrokeCost {
  key: string;
  /** CPU time of the main thread's tasks from the key's keydown task to the next key's. */
  cpuMs: number;
  /** Wall time of those tasks (inflated on a loaded machine: the core was elsewhere). */
  wallMs: number;
  /** The longest of those tasks (wall): what a person would feel as a stall. */
  longestTaskMs: number;
  /** Wall time inside the tasks by kind (script, style, layout, paint and layerize). */
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
  paintMs: number;
}

export const KIND_OF_EVENT: Record<string, 'scriptMs' | 'styleMs' | 'layoutMs' | 'paintMs'> = {
  FunctionCall: 'scriptMs',
  EvaluateScript: 'scriptMs',
  RunMicrotasks: 'scriptMs',
  TimerFire: 'scriptMs',
  FireAnimationFrame: 'scriptMs',
  UpdateLayoutTree: 'styleMs',
  Layout: 'layoutMs',
  PrePaint: 'paintMs',
  Paint: 'paintMs',
  Layerize: 'paintMs',
};

/**
 * Splits the renderer main thread's trace into windows, one per key: from the task that
 * dispatched its keydown to the task that dispatched the next key's (or `tailMs` after it, for
 * the last), and sums the top-level tasks in each. Nothing of the harness runs on the page's main
 * thread in between (the keys come as input events, the waits are in this process).
 */
export function costPerKeystroke(
  traceBuffer: Buffer,
  keys: string[],
  tailMs: number,
): KeystrokeCost[] {
  const { traceEvents } = JSON.parse(traceBuffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const keydowns = traceEvents
    .filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown')
    .sort((a, b) => a.ts - b.ts);
  if (keydowns.length !== keys.length) {
    throw new Error(`The trace has ${keydowns.length} keydowns for ${keys.length} keys`);
  }
  const { pid, tid } = keydowns[0]!;
  const onMainThread = traceEvents.filter(
    (event) => event.pid === pid && event.tid === tid && event.ph === 'X',
  );
  const tasks = onMainThread
    .filter((event) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask')
    .sort((a, b) => a.ts - b.ts);
  // Nested task events (both names for one task): keep the outermost.
  const topTasks: TraceEvent[] = [];
  for (const task of tasks) {
    const last = topTasks.at(-1);
    if (last && task.ts < last.ts + (last.dur ?? 0)) {
      continue;
    }
    topTasks.push(task);
  }
  const taskAt = (ts: number) =>
    topTasks.findLast((task) => task.ts <= ts && ts <= task.ts + (task.dur ?? 0));
  const starts = keydowns.map((keydown) => taskAt(keydown.ts)?.ts ?? keydown.ts);
  return keys.map((key, index) => {
    const from = starts[index]!;
    const to = starts[index + 1] ?? from + tailMs * 1000;
    const inWindow = topTasks.filter((task) => task.ts >= from && task.ts < to);
    const cost: KeystrokeCost = {
      key,
      cpuMs: inWindow.reduce((sum, task) => sum + (task.tdur ?? task.dur ?? 0), 0) / 1000,
      wallMs: inWindow.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000,
      longestTaskMs: Math.max(0, ...inWindow.map((task) => task.dur ?? 0)) / 1000,
      scriptMs: 0,
      styleMs: 0,
      layoutMs: 0,
      paintMs: 0,
    };
    for (const event of onMainThread) {
      const kind = KIND_OF_EVENT[event.name];
      if (kind && event.ts >= from && event.ts < to) {
        cost[kind] += (event.dur ?? 0) / 1000;
      }
    }
    return cost;
  });
}

/** Presses each key at a person's pace while Chrome traces, and returns each key's cost. */
export async function typeTraced(
  browser: Browser,
  page: Page,
  keys: string[],
  tracePath?: string,
): Promise<KeystrokeCost[]> {
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  for (const key of keys) {
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    await page.waitForTimeout(KEY_INTERVAL_MS);
  }
  const trace = await browser.stopTracing();
  if (tracePath) {
    writeFileSync(tracePath, trace);
  }
  return costPerKeystroke(trace, keys, KEY_INTERVAL_MS);
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
