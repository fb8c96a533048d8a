import type { StoryfileDetail } from '@conversa/contracts';
import { MatchingSettingsSection } from './matching-settings-section';
import { PublishingSection } from './publishing-section';
import { SpeechSettingsSection } from './speech-settings-section';

/** The settings tab's sections of this feature: publishing, matching, then spoken questions. */
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
      <SpeechSettingsSection
        storyfileId={storyfile.id}
        isEditable={isEditable && storyfile.deletedAt === null}
      />
    </div>
  );
}
