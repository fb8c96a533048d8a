import { createHash } from 'node:crypto';
import { TRAINED_STATE_FORMAT, tuningFor } from '@conversa/matching';
import type { MatcherSnapshot } from './scorer-protocol.ts';

/** Fingerprints already computed, per snapshot (a snapshot is taken once per version). */
const computed = new WeakMap<MatcherSnapshot, string>();

/**
 * SHA-256 (hex) of everything a matcher built from this snapshot trains and calibrates on: the
 * trained state's format, the matcher's tuning, the sentence model, the owner's settings, the
 * categories, the answers (in the snapshot's order, with their ids' order: the matcher trains and
 * breaks ties by id) and every text's vector. Two snapshots with the same fingerprint train the same state, so
 * it keys the stored state (`trained-state-store.ts`); any edit of the script, a transcript, an
 * alternate, a learned question, the visitors' log, a setting or a vector gives another. The ids themselves are left
 * out (only their order counts): a copy of a script whose ids sort the same way, read in the same
 * order, shares the state.
 */
export function fingerprintSnapshot(snapshot: MatcherSnapshot): string {
  const known = computed.get(snapshot);
  if (known) {
    return known;
  }
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      format: TRAINED_STATE_FORMAT,
      tuning: tuningFor(snapshot.embedderId ?? undefined),
      embedder: snapshot.embedderId,
      threshold: snapshot.threshold,
      playRisk: snapshot.playRisk,
      categories: snapshot.categories,
      visitorQuestions: snapshot.visitorQuestions,
    }),
  );
  // In the snapshot's order (the matcher indexes them so), each with its id's rank: the ids count
  // only by how they sort (canonical training order, ties), so they are not hashed themselves.
  const ids = snapshot.answers.map((answer) => answer.id).sort();
  const rankOf = new Map(ids.map((id, rank) => [id, rank]));
  for (const answer of snapshot.answers) {
    hash.update(
      JSON.stringify([
        rankOf.get(answer.id),
        answer.question,
        answer.alternates ?? [],
        answer.learned ?? [],
        answer.isRecorded !== false,
        answer.transcript ?? '',
      ]),
    );
  }
  const vectors = [...snapshot.vectors].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [text, vector] of vectors) {
    hash.update(JSON.stringify([text, vector.length]));
    hash.update(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength));
  }
  const fingerprint = hash.digest('hex');
  computed.set(snapshot, fingerprint);
  return fingerprint;
}
