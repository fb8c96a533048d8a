import type { StoryfileDetail } from '@conversa/contracts';
import { MatchingSettingsSection } from './matching-settings-section';
import { PublishingSection } from './publishing-section';

/** The settings tab's sections of this feature: publishing, then matching. */
export function StoryfileConversationSettings({
  storyfile,
  isEditable,
  canOwn,
}: {
  storyfile: StoryfileDetail;
  isEditable: boolean;
  canOwn: boolean;
}) {
  return (
    <div className="space-y-8">
      <PublishingSection storyfile={storyfile} canOwn={canOwn} />
      <MatchingSettingsSection
        storyfileId={storyfile.id}
        isEditable={isEditable}
        isDeleted={storyfile.deletedAt !== null}
      />
    </div>
  );
}
