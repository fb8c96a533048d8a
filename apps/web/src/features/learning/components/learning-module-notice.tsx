import { describeLearningModuleOff, type Organization } from '@conversa/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useTurnOnLearningModule } from '../api/organizations';

/**
 * Said before inviting students or assigning activities in an organization without the learning
 * module (a platform admin sees every organization here), with the way to turn it on: until
 * then its students could never open what they are given (issue 44).
 */
export function LearningModuleNotice({ organization }: { organization: Organization | undefined }) {
  const turnOn = useTurnOnLearningModule();
  const { showToast } = useToast();
  if (organization === undefined || organization.attributes.LEARNING_MODULE === true) {
    return null;
  }
  return (
    <div className="space-y-2">
      <Alert kind="warning">{describeLearningModuleOff(organization.label)}</Alert>
      <Button
        size="sm"
        variant="default"
        isLoading={turnOn.isPending}
        onClick={() =>
          turnOn.mutate(organization, {
            onSuccess: () =>
              showToast({
                kind: 'success',
                message: `The learning module is on for ${organization.label}.`,
              }),
            onError: (error) => showToast({ kind: 'error', message: error.message }),
          })
        }
      >
        Turn on the learning module
      </Button>
    </div>
  );
}
