// What a matcher learned from its script, apart from the script itself: its classifier's weights,
// its automatic calibrations (threshold and decision scores) and which built-in off-topic questions
// are on its subject. Exported once a matcher has trained and calibrated, it is imported into a
// matcher built afresh from the same script, vectors and settings, which then scores exactly as the
// trained one without training, calibrating or scanning its script again (a server stores it
// beside the script; issue 51). The caller keys it by everything the matcher was built from:
// importing it into another script is a mistake this file cannot always see.
import { installCalibration } from './matcher-calibration.ts';
import { exportOnSubject, importOnSubject } from './off-topic-lead.ts';
import type { MatcherState } from './matcher-state.ts';
import { isSemanticReady, syncPassageVectors } from './matcher-vectors.ts';
import type { DecisionScores } from './decision-calibration.ts';
import type { TrainedClassifier } from './semantic-classifier.ts';
import type { ScriptIndex } from './script-index.ts';
import type { ThresholdReport } from './types.ts';

export type { TrainedClassifier } from './semantic-classifier.ts';

/**
 * Bumped whenever what a trained state means changes (the classifier's training, the calibration's
 * samples or choice): a stored state of another format is not imported. Tuning changes are the
 * caller's to key by (`DEFAULT_TUNING`).
 */
export const TRAINED_STATE_FORMAT = 6;

export interface TrainedCalibration {
  isSemantic: boolean;
  report: ThresholdReport;
  scores: DecisionScores;
}

export interface TrainedState {
  format: number;
  /** The classifier's weights, when it was trained and takes part. */
  classifier?: TrainedClassifier;
  /** The calibrations of the script as it is (the scoring in force first). */
  calibrations: TrainedCalibration[];
  /**
   * Per built-in off-topic question (`OFF_TOPIC_QUESTIONS`, in its order), 1 where the script says
   * something near it (`off-topic-lead.ts`), once every vector is in.
   */
  onSubject?: Uint8Array;
  /**
   * The script's index (`Matcher.exportIndex`), kept with what was trained for the same script
   * (one key for both); `Matcher.addScript` takes it, `importTrained` leaves it.
   */
  index?: ScriptIndex;
}

/** What this matcher trained and calibrated for its script as it is now. */
export function exportTrainedState(state: MatcherState): TrainedState {
  syncPassageVectors(state);
  const calibrations = [state.calibration, state.spareCalibration].flatMap((calibration) =>
    calibration && calibration.version === state.scriptVersion && !calibration.isStale
      ? [
          {
            isSemantic: calibration.isSemantic,
            report: calibration.report,
            scores: calibration.scores,
          },
        ]
      : [],
  );
  const classifier = state.semantic?.exportClassifier();
  const onSubject = exportOnSubject(state);
  return {
    format: TRAINED_STATE_FORMAT,
    calibrations,
    ...(classifier ? { classifier } : {}),
    ...(onSubject ? { onSubject } : {}),
  };
}

/**
 * Takes in a state exported by a matcher of the same script; false (nothing taken) for another
 * format. A classifier whose size does not fit the script's rows is trained instead, on first use.
 */
export function importTrainedState(state: MatcherState, trained: TrainedState): boolean {
  if (trained.format !== TRAINED_STATE_FORMAT) {
    return false;
  }
  // Vectors taken in later would bump the script's version and drop what is imported here.
  syncPassageVectors(state);
  isSemanticReady(state);
  if (trained.classifier) {
    state.semantic?.importClassifier(trained.classifier);
  }
  const [inForce, spare] = trained.calibrations;
  if (spare) {
    installCalibration(state, spare.isSemantic, spare.report, spare.scores);
    state.spareCalibration = state.calibration;
  }
  if (inForce) {
    installCalibration(state, inForce.isSemantic, inForce.report, inForce.scores);
  }
  if (trained.onSubject) {
    importOnSubject(state, trained.onSubject);
  }
  return true;
}
