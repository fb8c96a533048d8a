import { describe, expect, it } from 'vitest';
import { createStudioMetrics } from './metrics.ts';

/** The value of the series `name` with exactly these labels in a Prometheus text (0 when absent). */
function readSeries(text: string, line: string): number {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

describe('studio metrics', () => {
  it('keeps each studio’s series apart when two share a process', async () => {
    const first = createStudioMetrics();
    const second = createStudioMetrics();
    first.countAsk('answered', 'studio');
    first.countAsk('answered', 'studio');
    first.countUploadBytes(300);
    second.countAsk('fallback', 'share');

    const firstText = (await first.render()).body;
    const secondText = (await second.render()).body;
    const answered = 'conversa_asks_total{decision="answered",channel="studio"}';
    const fallback = 'conversa_asks_total{decision="fallback",channel="share"}';
    expect(readSeries(firstText, answered)).toBe(2);
    expect(readSeries(firstText, fallback)).toBe(0);
    expect(readSeries(secondText, answered)).toBe(0);
    expect(readSeries(secondText, fallback)).toBe(1);
    expect(readSeries(firstText, 'conversa_upload_bytes_total')).toBe(300);
    expect(readSeries(secondText, 'conversa_upload_bytes_total')).toBe(0);
  });

  it('serves the process’s own figures with every studio’s series', async () => {
    for (const metrics of [createStudioMetrics(), createStudioMetrics()]) {
      const text = (await metrics.render()).body;
      expect(text).toContain('# TYPE conversa_process_cpu_seconds_total counter');
      expect(text).toContain('# TYPE conversa_nodejs_eventloop_lag_seconds gauge');
      expect(text).toContain('# TYPE conversa_asks_total counter');
    }
  });
});
