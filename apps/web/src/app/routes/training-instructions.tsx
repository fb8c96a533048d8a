import { InstructionsScreen } from '@/features/training';

export function InstructionsRoute() {
  return <InstructionsScreen />;
}
