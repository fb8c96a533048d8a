import { type StoryfileDetail } from '@conversa/contracts';
import { useUpdateStoryfile } from '../api/update-storyfile';
import { DeleteStoryfileSection } from './delete-storyfile-section';
import { StoryfileDetailsForm } from './storyfile-details-form';
import { StoryfilePictureSection } from './storyfile-picture-section';

/**
 * Settings tab: name (with live nameTaken feedback), description, language and status; delete
 * (soft, with Undo for owners) at the bottom.
 */
export function SettingsPanel({
  storyfile,
  isEditable,
  canRestore,
}: {
  storyfile: StoryfileDetail;
  isEditable: boolean;
  canRestore: boolean;
}) {
  const update = useUpdateStoryfile(storyfile.id);
  return (
    <div className="max-w-2xl space-y-8">
      <StoryfileDetailsForm storyfile={storyfile} isEditable={isEditable} update={update} />
      {isEditable ? <StoryfilePictureSection storyfile={storyfile} update={update} /> : null}
      <DeleteStoryfileSection
        storyfile={storyfile}
        isEditable={isEditable}
        canRestore={canRestore}
      />
    </div>
  );
}
