import { describe, expect, it } from 'vitest';
import { FALLBACK_REASON_LABELS } from '@conversa/contracts';
import {
  FALLBACK_REASON_LABELS as MATCHER_FALLBACK_REASON_LABELS,
  FALLBACK_REASONS as MATCHER_FALLBACK_REASONS,
} from '@conversa/matching';

// The chat log's labels (contracts) and the matcher's reasons must not drift apart.
describe('fallback reason labels', () => {
  it("are the matcher's own words for the reasons the matcher gives", () => {
    for (const reason of MATCHER_FALLBACK_REASONS) {
      expect(FALLBACK_REASON_LABELS[reason]).toBe(MATCHER_FALLBACK_REASON_LABELS[reason]);
    }
    expect(FALLBACK_REASON_LABELS['not-recorded']).toBe('Best match not recorded');
  });
});
