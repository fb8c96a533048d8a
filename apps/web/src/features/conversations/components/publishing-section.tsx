import { roleRequiredMessage, type StoryfileDetail } from '@conversa/contracts';
import { Copy, Globe, GlobeLock } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { useBrand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatUsDate } from '@/lib/format';
import { usePublication } from '../api/get-publication';
import { usePublishStoryfile } from '../api/publish-storyfile';
import { useUnpublishStoryfile } from '../api/unpublish-storyfile';
import { buildEmbedCode, buildShareUrl, buildTranscriptUrl } from '../utils/share';
import { CopyableLinkField, READONLY_FIELD_CLASS } from './copyable-link-field';
import { SETTINGS_CARD_CLASS } from './settings-card';

function useCopy() {
  const { showToast } = useToast();
  return (text: string, what: string, field: HTMLInputElement | HTMLTextAreaElement | null) => {
    const onFailed = () => {
      field?.select();
      showToast({
        kind: 'error',
        message: `The ${what} could not be copied. It is selected: press Ctrl+C (⌘C) to copy it.`,
      });
    };
    if (!navigator.clipboard) {
      onFailed();
      return;
    }
    navigator.clipboard
      .writeText(text)
      .then(() => showToast({ kind: 'success', message: `Copied the ${what}.` }), onFailed);
  };
}

/**
 * Publishing (owners): the share link `/s/{slug}`, its transcript page and the embed snippet, all
 * on the brand's home address. The slug survives
 * unpublishing, so publishing again brings the same link back.
 */
export function PublishingSection({
  storyfile,
  canOwn,
}: {
  storyfile: StoryfileDetail;
  canOwn: boolean;
}) {
  const publication = usePublication(storyfile.id);
  const publish = usePublishStoryfile(storyfile.id);
  const unpublish = useUnpublishStoryfile(storyfile.id);
  const [isConfirming, setIsConfirming] = useState(false);
  const { showToast } = useToast();
  const copy = useCopy();
  const ids = { embed: useId(), heading: useId() };
  const embedRef = useRef<HTMLTextAreaElement>(null);
  // The brand the author works under, even on PUBLIC_URL's host where every sign-in returns.
  const origin = useBrand().linkOrigin;

  let body;
  if (publication.isPending) {
    body = <Spinner label="Loading the publishing state" />;
  } else if (publication.isError) {
    body = <Alert kind="error">{publication.error.message}</Alert>;
  } else {
    const { isPublished, sharePath, slug, publishedAt } = publication.data;
    const shareUrl = sharePath ? buildShareUrl(origin, sharePath) : null;
    const transcriptUrl = sharePath ? buildTranscriptUrl(origin, sharePath) : null;
    body = (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <span
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1',
              isPublished
                ? 'bg-green-50 text-green-800 ring-green-200'
                : 'bg-slate-100 text-slate-700 ring-slate-300',
            )}
          >
            {isPublished ? (
              <Globe className="size-3.5" aria-hidden="true" />
            ) : (
              <GlobeLock className="size-3.5" aria-hidden="true" />
            )}
            {isPublished ? 'Published' : 'Not published'}
          </span>
          {isPublished && publishedAt ? (
            <span className="text-sm text-slate-600">since {formatUsDate(publishedAt)}</span>
          ) : null}
          <div className="ml-auto">
            {canOwn ? (
              isPublished ? (
                <Button onClick={() => setIsConfirming(true)}>Unpublish</Button>
              ) : (
                <Button
                  variant="primary"
                  isLoading={publish.isPending}
                  onClick={() =>
                    publish.mutate(undefined, {
                      onSuccess: () =>
                        showToast({
                          kind: 'success',
                          message: `Published "${storyfile.name}". Anyone with the link can talk to it.`,
                        }),
                      onError: (error) => showToast({ kind: 'error', message: error.message }),
                    })
                  }
                >
                  Publish
                </Button>
              )
            ) : null}
          </div>
        </div>
        {canOwn ? null : (
          <p className="text-sm text-slate-600">
            {storyfile.deletedAt === null
              ? `${roleRequiredMessage('owner:ns')} to publish or unpublish this storyfile.`
              : 'A deleted storyfile cannot be published; visitors are told it is not available.'}
          </p>
        )}
        {isPublished && shareUrl && transcriptUrl && slug ? (
          <>
            <CopyableLinkField
              label="Share link"
              hint="Anyone with this link can talk to it."
              url={shareUrl}
              copyText="Copy link"
              onCopy={(text, field) => copy(text, 'share link', field)}
            />
            <CopyableLinkField
              label="Transcript page"
              hint="Every recorded question with what was said, to read without video."
              url={transcriptUrl}
              copyText="Copy transcript link"
              onCopy={(text, field) => copy(text, 'transcript link', field)}
            />
            <div>
              <label htmlFor={ids.embed} className="block text-sm font-medium text-slate-800">
                Embed code
              </label>
              <p className="text-xs text-slate-500">
                Paste it into a web page to show the player there.
              </p>
              <textarea
                ref={embedRef}
                id={ids.embed}
                readOnly
                rows={3}
                value={buildEmbedCode(origin, slug, storyfile.name)}
                onFocus={(event) => event.target.select()}
                className={cn(READONLY_FIELD_CLASS, 'mt-1 resize-none')}
              />
              <Button
                className="mt-2"
                size="sm"
                icon={<Copy className="size-4" aria-hidden="true" />}
                onClick={() =>
                  copy(buildEmbedCode(origin, slug, storyfile.name), 'embed code', embedRef.current)
                }
              >
                Copy embed code
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-600">
            {sharePath
              ? 'The share link and embeds show that the storyfile is not available. Publishing again brings the same link back.'
              : 'Publishing gives the storyfile a share link and an embed code, so anyone can talk to it without an account.'}
          </p>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby={ids.heading} className={SETTINGS_CARD_CLASS}>
      <h2 id={ids.heading} className="text-base font-semibold text-slate-900">
        Publishing
      </h2>
      {body}
      <ConfirmDialog
        isOpen={isConfirming}
        onCancel={() => setIsConfirming(false)}
        title="Unpublish this storyfile?"
        description="The share link stops working: visitors and embedded players are told the storyfile is not available. Publishing again brings the same link back."
        confirmText="Unpublish"
        isPending={unpublish.isPending}
        onConfirm={() =>
          unpublish.mutate(undefined, {
            onSuccess: () => {
              setIsConfirming(false);
              showToast({ kind: 'success', message: `Unpublished "${storyfile.name}".` });
            },
            onError: (error) => {
              setIsConfirming(false);
              showToast({ kind: 'error', message: error.message });
            },
          })
        }
      />
    </section>
  );
}
