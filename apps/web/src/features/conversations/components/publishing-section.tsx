import { roleRequiredMessage, type StoryfileDetail } from '@conversa/contracts';
import { Copy, ExternalLink, Globe, GlobeLock } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, getButtonClassName } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatUsDate } from '@/lib/format';
import { usePublication } from '../api/get-publication';
import { usePublishStoryfile } from '../api/publish-storyfile';
import { useUnpublishStoryfile } from '../api/unpublish-storyfile';
import { buildEmbedCode, buildShareUrl } from '../utils/share';
import { SETTINGS_CARD_CLASS } from './settings-card';

const READONLY_CLASS =
  'block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

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
 * Publishing (owners): the share link `/s/{slug}` and the embed snippet. The slug survives
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
  const ids = { link: useId(), embed: useId(), heading: useId() };
  const linkRef = useRef<HTMLInputElement>(null);
  const embedRef = useRef<HTMLTextAreaElement>(null);
  const origin = window.location.origin;

  let body;
  if (publication.isPending) {
    body = <Spinner label="Loading the publishing state" />;
  } else if (publication.isError) {
    body = <Alert kind="error">{publication.error.message}</Alert>;
  } else {
    const { isPublished, sharePath, slug, publishedAt } = publication.data;
    const shareUrl = sharePath ? buildShareUrl(origin, sharePath) : null;
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
        {isPublished && shareUrl && slug ? (
          <>
            <div>
              <label htmlFor={ids.link} className="block text-sm font-medium text-slate-800">
                Share link
              </label>
              <p className="text-xs text-slate-500">Anyone with this link can talk to it.</p>
              <div className="mt-1 flex flex-wrap gap-2">
                <input
                  ref={linkRef}
                  id={ids.link}
                  readOnly
                  value={shareUrl}
                  onFocus={(event) => event.target.select()}
                  className={cn(READONLY_CLASS, 'min-w-0 flex-1')}
                />
                <Button
                  icon={<Copy className="size-4" aria-hidden="true" />}
                  onClick={() => copy(shareUrl, 'share link', linkRef.current)}
                >
                  Copy link
                </Button>
                <a
                  href={shareUrl}
                  target="_blank"
                  rel="noreferrer"
                  className={getButtonClassName('default')}
                >
                  <ExternalLink className="size-4" aria-hidden="true" />
                  Open
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </div>
            </div>
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
                className={cn(READONLY_CLASS, 'mt-1 resize-none')}
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
