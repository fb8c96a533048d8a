import { buildAvatarPath, type StoryfileDetail } from '@conversa/contracts';
import { AvatarUpload } from '@/components/avatar-upload';
import { type useUpdateStoryfile } from '../api/update-storyfile';

export function StoryfilePictureSection({
  storyfile,
  update,
}: {
  storyfile: StoryfileDetail;
  update: ReturnType<typeof useUpdateStoryfile>;
}) {
  return (
    <section
      aria-labelledby="storyfile-picture"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="storyfile-picture" className="text-base font-semibold text-slate-900">
        Picture
      </h2>
      <p className="text-sm text-slate-600">
        Shown on the storyfile&apos;s card and page. Without one, the studio&apos;s logo stands in.
      </p>
      <AvatarUpload
        resourceType="storyfile"
        resourceId={storyfile.id}
        source="storyfile-settings"
        buttonText="Upload a picture"
        // The new timestamp is the spec's cache bypass: every viewer fetches the new image.
        onUploaded={() =>
          update.mutate({ avatarUrl: buildAvatarPath(storyfile.id, 'storyfile', Date.now()) })
        }
      />
    </section>
  );
}
