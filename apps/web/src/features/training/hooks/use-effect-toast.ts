import { countLostAnswers, describeAppliedEffect, type ChangeEffect } from '@conversa/contracts';
import { useToast } from '@/components/ui/toast';

/**
 * The message once a category or word is saved or deleted: what was done, then what it did to
 * past questions; a warning when answers were lost.
 */
export function useEffectToast() {
  const { showToast } = useToast();
  return (done: string, effect: ChangeEffect) =>
    showToast({
      kind: countLostAnswers(effect) > 0 ? 'warning' : 'success',
      message: `${done} ${describeAppliedEffect(effect)}`,
    });
}
