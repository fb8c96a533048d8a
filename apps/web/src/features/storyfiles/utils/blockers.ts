import type { NameAvailability } from '../hooks/use-name-availability';

/**
 * Why Create storyfile cannot be pressed yet, or null when it can. A disabled button says
 * nothing by itself, so the dialog shows this line beside it (issue 32, item 10).
 */
export function describeCreateBlocker(input: {
  name: string;
  namespaceId: string;
  availability: NameAvailability;
  /** The namespace's free trial has as many storyfiles as it allows. */
  isAtTrialLimit?: boolean;
}): string | null {
  if (input.isAtTrialLimit === true) {
    return 'To create the storyfile, upgrade: the free trial allows no more storyfiles.';
  }
  const missing: string[] = [];
  if (input.namespaceId === '') {
    missing.push('a namespace');
  }
  if (input.name.trim() === '') {
    missing.push('a name');
  }
  if (missing.length > 0) {
    return `To create the storyfile, give it ${missing.join(' and ')}.`;
  }
  if (input.availability.state === 'taken') {
    return 'To create the storyfile, choose a name no other storyfile in this namespace uses.';
  }
  return null;
}

/** Why Save settings cannot be pressed yet, or null when it can. */
export function describeSaveBlocker(input: {
  name: string;
  hasChanges: boolean;
  availability: NameAvailability;
}): string | null {
  if (input.name.trim() === '') {
    return 'To save, give the storyfile a name: it cannot be empty.';
  }
  if (input.availability.state === 'taken') {
    return 'To save, choose a name no other storyfile in this namespace uses.';
  }
  if (!input.hasChanges) {
    return 'Nothing to save: no setting has changed.';
  }
  return null;
}
